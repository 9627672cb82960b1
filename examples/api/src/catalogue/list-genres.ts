import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type * as z from 'zod'
import type { Genre, GenresListRequestSchema } from '@comics/core/contract'
import type { Database } from '../db/database'
import { requestedRowIds } from '../http/requested-row-ids'
import { genres } from '../db/schema'

type GenresListRequest = z.core.output<typeof GenresListRequestSchema>

/** POST /genres/list. */
export async function listGenres(db: Database, request: GenresListRequest): Promise<{ data: Genre[]; total: number }> {
  const conditions: SQL[] = []
  if (request.filters.id) {
    const ids = requestedRowIds(request.filters.id, 'filters.id')
    if (ids.length === 0) return { data: [], total: 0 }
    conditions.push(inArray(genres.id, ids))
  }
  if (request.filters.mature !== undefined) conditions.push(eq(genres.mature, request.filters.mature))
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const direction = request.sort?.order === 'desc' ? desc : asc
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(genres).where(where).orderBy(direction(genres.name), asc(genres.id)).limit(request.limit).offset(request.offset),
    db.select({ total: count() }).from(genres).where(where),
  ])
  return { total: totalRow?.total ?? 0, data: rows.map(genreFromRow) }
}

export function genreFromRow(row: typeof genres.$inferSelect): Genre {
  return { id: String(row.id), name: row.name, mature: row.mature }
}
