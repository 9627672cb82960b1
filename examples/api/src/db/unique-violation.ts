/** Whether a database error is a unique constraint violation (SQLSTATE 23505), wrapped by drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true
  }
  return false
}
