import * as z from 'zod/mini'

/** Largest page the API serves; the screens ask for 200 (spec §9). */
export const MAX_LIMIT = 200
/** Deepest offset accepted; beyond it a cursor would be the right tool. */
export const MAX_OFFSET = 1_000_000

/** Any schema of the contract (zod 4, classic or mini). */
export type Schema = z.core.$ZodType

/**
 * A schema built on its first use (a parse, a JSON Schema), a zod schema all the same. Built when core
 * loads, the contract's schemas (hundreds of zod parts, most of them for calls a page never makes) held
 * up an app's first render, on a phone most of all; a page now builds only those of the calls it makes.
 */
export const builtOnUse = <T extends Schema>(build: () => T) => z.lazy(build)

/** Every response wraps its results in a `data` array (spec §7 "Responses"). */
export function envelope<T extends Schema>(item: T) {
  return builtOnUse(() => z.object({ data: z.array(item), total: z.optional(z.int().check(z.minimum(0))) }))
}
export interface Envelope<T> {
  data: T[]
  total?: number
}

export const SortOrderSchema = z.enum(['asc', 'desc'])

/**
 * The one body shape of every list call: `{ limit, offset, filters, sort? }`.
 * Unknown keys are refused so that a typo never silently widens a query.
 * @example ChaptersListRequestSchema.parse({ limit: 200, offset: 0, filters: { comicsId: ['7'] } })
 */
export function listRequest<F extends z.core.$ZodLooseShape, S extends readonly [string, ...string[]]>(
  filters: F,
  sortFields: S,
) {
  return z.strictObject({
    limit: z.int().check(z.minimum(1), z.maximum(MAX_LIMIT)),
    offset: z.int().check(z.minimum(0), z.maximum(MAX_OFFSET)),
    filters: z._default(z.strictObject(filters), {} as never),
    sort: z.optional(z.strictObject({ field: z.enum(sortFields), order: SortOrderSchema })),
  })
}

/** Error body of every non-2xx response. */
export const ApiErrorBodySchema = builtOnUse(() =>
  z.object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
    }),
  }),
)
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>
