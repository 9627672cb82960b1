import { and, asc, count, desc, eq, exists, getTableColumns, ilike, inArray, isNull, not, sql, type SQL } from 'drizzle-orm'
import type * as z from 'zod'
import { contentRatingsFor, type SiteMode } from '@comics/core/rules'
import type { AdminComicsListRequestSchema, Comic, ComicsListRequestSchema } from '@comics/core/contract'
import type { Database } from '../db/database'
import { requestedRowIds } from '../http/requested-row-ids'
import { chapters, comicGenres, comics, genres } from '../db/schema'
import type { FileStore } from '../files/file-store'

/** The columns a comic is shown from: all but the folded text that search keeps. */
const { searchTitle: _searchTitle, searchVector: _searchVector, searchTitleVector: _searchTitleVector, ...shownColumns } = getTableColumns(comics)
export const shownComicColumns = shownColumns
type ShownComicRow = Omit<typeof comics.$inferSelect, 'searchTitle' | 'searchVector' | 'searchTitleVector'>

type ComicsListRequest = z.core.output<typeof ComicsListRequestSchema>
type AdminComicsListRequest = z.core.output<typeof AdminComicsListRequestSchema>

/**
 * POST /comics/list. `contentRating` is forced to the host's ratings (spec §7): a requested rating outside
 * them matches nothing, and a mirror host lists only comics flagged `displayOnMirror`.
 */
export async function listComics(
  db: Database,
  fileStore: FileStore,
  request: ComicsListRequest,
  mode: SiteMode,
): Promise<{ data: Comic[]; total: number }> {
  const conditions = hostComicConditions(mode, request.filters.contentRating)
  if (!conditions) return { data: [], total: 0 }
  return listComicsWhere(db, fileStore, request, conditions)
}

/**
 * What a comic must be for a host to show it: of the host's ratings (core `contentRatingsFor`), narrowed
 * to `requested` when given, and flagged `displayOnMirror` off the adult host. `undefined` when no rating
 * is left (nothing matches).
 */
export function hostComicConditions(mode: SiteMode, requested?: readonly Comic['contentRating'][]): SQL[] | undefined {
  const hostRatings = contentRatingsFor(mode)
  const ratings = requested ? hostRatings.filter((rating) => requested.includes(rating)) : hostRatings
  if (ratings.length === 0) return undefined
  const conditions: SQL[] = [inArray(comics.contentRating, ratings)]
  if (mode !== 'adult') conditions.push(eq(comics.displayOnMirror, true))
  return conditions
}

/**
 * POST /admin/comics/list: every comic, whatever the host, of every rating and mirror flag; only the
 * filters sent narrow it. `title` matches a part of the title in any case, as typed (`%` and `_` too).
 */
export async function listAllComics(
  db: Database,
  fileStore: FileStore,
  request: AdminComicsListRequest,
): Promise<{ data: Comic[]; total: number }> {
  const { filters } = request
  const conditions: SQL[] = []
  if (filters.contentRating) {
    if (filters.contentRating.length === 0) return { data: [], total: 0 }
    conditions.push(inArray(comics.contentRating, filters.contentRating))
  }
  if (filters.displayOnMirror !== undefined) conditions.push(eq(comics.displayOnMirror, filters.displayOnMirror))
  if (filters.title !== undefined) conditions.push(ilike(comics.title, `%${filters.title.replace(/[\\%_]/g, '\\$&')}%`))
  if (filters.hasDrafts !== undefined) {
    // A draft is an episode with no publish time (core `publicationStatus`).
    const draft = exists(db.select({ one: sql`1` }).from(chapters).where(and(eq(chapters.comicId, comics.id), isNull(chapters.publishAt))))
    conditions.push(filters.hasDrafts ? draft : not(draft))
  }
  return listComicsWhere(db, fileStore, request, conditions)
}

/** The comics matching `conditions` and the request's id and genre filters, sorted and paged. */
async function listComicsWhere(
  db: Database,
  fileStore: FileStore,
  request: Pick<ComicsListRequest, 'limit' | 'offset' | 'filters' | 'sort'>,
  conditions: SQL[],
): Promise<{ data: Comic[]; total: number }> {
  if (request.filters.id) {
    const ids = requestedRowIds(request.filters.id, 'filters.id')
    if (ids.length === 0) return { data: [], total: 0 }
    conditions.push(inArray(comics.id, ids))
  }
  if (request.filters.genres) {
    const genreIds = requestedRowIds(request.filters.genres, 'filters.genres')
    if (genreIds.length === 0) return { data: [], total: 0 }
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(comicGenres)
          .where(and(eq(comicGenres.comicId, comics.id), inArray(comicGenres.genreId, genreIds))),
      ),
    )
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const direction = request.sort?.order === 'asc' ? asc : desc
  const orderBy =
    request.sort?.field === 'title'
      ? [direction(comics.title), direction(comics.id)]
      : [direction(comics.createdAt), direction(comics.id)]

  const [rows, [totalRow]] = await Promise.all([
    db.select(shownComicColumns).from(comics).where(where).orderBy(...orderBy).limit(request.limit).offset(request.offset),
    db.select({ total: count() }).from(comics).where(where),
  ])
  const genresByComic = await genresOf(db, rows.map((row) => row.id))
  return {
    total: totalRow?.total ?? 0,
    data: rows.map((row) => comicFromRow(row, genresByComic.get(row.id) ?? [], fileStore)),
  }
}

export async function genresOf(db: Database, comicIds: number[]) {
  const byComic = new Map<number, { id: string; name: string; mature: boolean }[]>()
  if (comicIds.length === 0) return byComic
  const rows = await db
    .select({ comicId: comicGenres.comicId, id: genres.id, name: genres.name, mature: genres.mature })
    .from(comicGenres)
    .innerJoin(genres, eq(genres.id, comicGenres.genreId))
    .where(inArray(comicGenres.comicId, comicIds))
    .orderBy(asc(genres.name))
  for (const row of rows) {
    const list = byComic.get(row.comicId) ?? []
    list.push({ id: String(row.id), name: row.name, mature: row.mature })
    byComic.set(row.comicId, list)
  }
  return byComic
}

/** One comic as the contract shows it, for admin write answers. */
export async function comicById(db: Database, fileStore: FileStore, id: number): Promise<Comic | undefined> {
  const [row] = await db.select(shownComicColumns).from(comics).where(eq(comics.id, id))
  if (!row) return undefined
  const genresByComic = await genresOf(db, [row.id])
  return comicFromRow(row, genresByComic.get(row.id) ?? [], fileStore)
}

export function comicFromRow(
  row: ShownComicRow,
  comicGenreList: Comic['genres'],
  fileStore: FileStore,
): Comic {
  return {
    id: String(row.id),
    title: row.title,
    description: row.description,
    coverImageUrl: fileStore.urlOf(row.coverFile),
    bannerImageUrl: fileStore.urlOf(row.bannerFile),
    contentRating: row.contentRating,
    genres: comicGenreList,
    displayOnMirror: row.displayOnMirror,
    createdAt: row.createdAt.toISOString(),
  }
}
