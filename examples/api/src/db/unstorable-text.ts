import { errorsWithin } from './errors-within'

/**
 * Whether a database error says a text value holds a character it cannot store (SQLSTATE 22021: the NUL
 * character, `\u0000`, which JSON and multipart carry but PostgreSQL text cannot). The value came from the
 * request, so it is the client's to fix: a 400, not a fault of the server.
 */
export function isUnstorableText(error: unknown): boolean {
  for (const { code } of errorsWithin(error)) if (code === '22021') return true
  return false
}
