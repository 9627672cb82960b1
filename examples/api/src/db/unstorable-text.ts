/**
 * Whether a database error says a text value holds a character it cannot store (SQLSTATE 22021: the NUL
 * character, `\u0000`, which JSON and multipart carry but PostgreSQL text cannot). The value came from the
 * request, so it is the client's to fix: a 400, not a fault of the server.
 */
export function isUnstorableText(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  if (code === '22021') return true
  return isUnstorableText(cause, depth + 1)
}
