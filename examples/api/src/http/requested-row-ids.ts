import { rowIds } from '../db/row-id'
import { HttpError } from './http-error'

/**
 * The row keys of ids sent in a request. Every id this server issues is a positive integer; anything
 * else (`1' OR '1'='1`, `../x`) cannot name a row, so it is refused with a 400 that names the field
 * instead of quietly matching nothing.
 */
export function requestedRowIds(ids: readonly string[], field: string): number[] {
  const keys = rowIds(ids)
  if (keys.length !== ids.length) {
    const bad = ids.filter((id) => rowIds([id]).length === 0)
    throw new HttpError(400, 'invalid_request', `Invalid body: ${field}: ${JSON.stringify(bad[0])} is not an id`, {
      [field]: bad.map((id) => `${JSON.stringify(id).slice(0, 80)} is not an id`),
    })
  }
  return keys
}
