/**
 * Ids travel as strings (contract IdSchema); rows use integer keys. A string that is not a key we could
 * have issued matches nothing rather than failing the request.
 */
export function rowId(id: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(id) ? Number(id) : undefined
}

export function rowIds(ids: readonly string[]): number[] {
  return ids.map(rowId).filter((id): id is number => id !== undefined)
}
