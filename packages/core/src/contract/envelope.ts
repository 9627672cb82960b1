import { z } from 'zod'

/** Largest page the API serves; the screens ask for 200 (spec §9). */
export const MAX_LIMIT = 200
/** Deepest offset accepted; beyond it a cursor would be the right tool. */
export const MAX_OFFSET = 1_000_000

/** Every response wraps its results in a `data` array (spec §7 "Responses"). */
export function envelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int().min(0).optional() })
}
export interface Envelope<T> {
  data: T[]
  total?: number
}

export const SortOrderSchema = z.enum(['asc', 'desc'])

/**
 * The one body shape of every list call: `{ limit, offset, filters, sort? }`.
 * Unknown keys are refused so that a typo never silently widens a query.
 */
export function listRequest<F extends z.ZodRawShape, S extends readonly [string, ...string[]]>(
  filters: F,
  sortFields: S,
) {
  return z.strictObject({
    limit: z.number().int().min(1).max(MAX_LIMIT),
    offset: z.number().int().min(0).max(MAX_OFFSET),
    filters: z.strictObject(filters).default({} as never),
    sort: z
      .strictObject({ field: z.enum(sortFields), order: SortOrderSchema })
      .optional(),
  })
}

/** Error body of every non-2xx response. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>
