/** The rows of a `db.execute` result, whichever driver answered (node-postgres and PGlite give `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? [])
}
