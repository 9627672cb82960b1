import * as z from 'zod'
import { prepareResponse, type PreparedResponse } from './catalogue-cache'

/** Serialises a response once it has been checked against its contract schema. */
export function prepareChecked(schema: z.core.$ZodType, value: unknown): PreparedResponse {
  return prepareResponse(z.parse(schema, value))
}
