import { and, asc, count, sql } from 'drizzle-orm'
import type * as z from 'zod'
import type { Comic, SearchComicsRequestSchema } from '@comics/core/contract'
import type { SiteMode } from '@comics/core/rules'
import type { Database } from '../db/database'
import { rowsOf } from '../db/rows-of'
import { comics } from '../db/schema'
import type { FileStore } from '../files/file-store'
import { comicFromRow, genresOf, hostComicConditions, shownComicColumns } from './list-comics'

/**
 * How alike (pg_trgm similarity, 0 to 1) a comic's word must be to a typed word to count as it: 'bakery'
 * typed 'baekry' is 0.27, 'kyoto' typed 'kyto' 0.38.
 */
export const SEARCH_WORD_SIMILARITY = 0.25
/** The most words of the catalogue one typed word stands for (the likest first). */
const ALTERNATIVES_PER_WORD = 40

type SearchComicsRequest = z.core.output<typeof SearchComicsRequestSchema>

/**
 * POST /comics/search: the comics a host shows (core's ratings of its mode, the mirror flag off the adult
 * host) with, for each word of the query, a word of their title or description like it. Both sides are
 * folded by `search_fold` (accents removed, lower case) and split by the `simple` text search parser. Each
 * typed word stands for the catalogue's words (table search_words) within {@link SEARCH_WORD_SIMILARITY}
 * of it by pg_trgm, or that it begins (the reader is still typing); the comics are then found through the
 * GIN index of their `search_vector` (migration 0007). So "moonlite" finds "Moonlight", "elan" "Élan" and
 * "drag" "Dragon". The comic whose title is most like the query first, then the oldest.
 */
export async function searchComics(
  db: Database,
  fileStore: FileStore,
  request: SearchComicsRequest,
  mode: SiteMode,
): Promise<{ data: Comic[]; total: number }> {
  const hostConditions = hostComicConditions(mode)
  if (!hostConditions) return { data: [], total: 0 }
  // Each typed word with the catalogue's words like it (none: a row with `known` null): the nearest by
  // trigrams (a nearest-neighbour scan of the GiST index) within the similarity wanted, and those it begins.
  // No threshold setting, so no transaction: the statements of concurrent searches interleave.
  const pairs = rowsOf<{ typed: string; known: string | null }>(
    await db.execute(sql`
      select typed.word as typed, known.word as known
      from unnest(tsvector_to_array(to_tsvector('simple', search_fold(${request.q})))) as typed(word)
      cross join lateral (select replace(replace(replace(typed.word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' as prefix) as begun
      left join lateral (
        select near.word from (
          (select word from search_words order by word <-> typed.word limit ${ALTERNATIVES_PER_WORD})
          union
          (select word from search_words where word like begun.prefix order by word <-> typed.word limit ${ALTERNATIVES_PER_WORD})
        ) as near
        where similarity(near.word, typed.word) >= ${SEARCH_WORD_SIMILARITY} or near.word like begun.prefix
      ) as known on true
    `),
  )
  const query = textSearchQueryOf(pairs)
  if (!query) return { data: [], total: 0 }

  const tsquery = sql`${query}::tsquery`
  const where = and(sql`${comics.searchVector} @@ ${tsquery}`, ...hostConditions)
  const rows = await db
    .select({ ...shownComicColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(comics)
    .where(where)
    // No full-text rank after it: ts_rank reads every match's whole vector, and cost more than the rest
    // of the search on a common word.
    .orderBy(sql`word_similarity(search_fold(${request.q}), ${comics.searchTitle}) desc`, asc(comics.id))
    .limit(request.limit)
    .offset(request.offset)
  // The window count rides on the rows; a page past the last match has none, so count apart.
  const total =
    rows[0]?.total ??
    (request.offset > 0 ? ((await db.select({ total: count() }).from(comics).where(where))[0]?.total ?? 0) : 0)
  const genresByComic = await genresOf(db, rows.map((row) => row.id))
  return { total, data: rows.map(({ total: _, ...row }) => comicFromRow(row, genresByComic.get(row.id) ?? [], fileStore)) }
}

/**
 * The text search query (tsquery) for the typed words and the catalogue's words like them: each typed
 * word as any of its like words, all typed words needed. One-letter words are left out when there are
 * longer ones. `undefined` when a typed word is like none (nothing can match).
 */
function textSearchQueryOf(pairs: readonly { typed: string; known: string | null }[]): string | undefined {
  const typed = [...new Set(pairs.map((pair) => pair.typed))]
  const words = typed.some((word) => word.length > 1) ? typed.filter((word) => word.length > 1) : typed
  if (words.length === 0) return undefined
  const known = new Map<string, string[]>()
  for (const pair of pairs) if (pair.known !== null) known.set(pair.typed, [...(known.get(pair.typed) ?? []), pair.known])
  const groups: string[] = []
  for (const word of words) {
    const like = known.get(word)
    if (!like?.length) return undefined
    groups.push(`(${like.map(quotedLexeme).join(' | ')})`)
  }
  return groups.join(' & ')
}

/** A lexeme in tsquery's input syntax, taken as it is (no parsing, no normalising). */
const quotedLexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
