import { and, asc, count, sql, type SQL } from 'drizzle-orm'
import type * as z from 'zod'
import type { Comic, SearchComicsRequestSchema } from '@comics/core/contract'
import type { SiteMode } from '@comics/core/rules'
import type { Database } from '../db/database'
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
 * "drag" "Dragon". The comics whose title has a word typed (or one like it) first, the title most like the
 * query first; then the others (the words in their description only), the oldest first.
 *
 * One statement finds the words and then the comics (the text search query is made in it:
 * {@link textSearchQueries}); one more reads the genres of the page's comics.
 */
export async function searchComics(
  db: Database,
  fileStore: FileStore,
  request: SearchComicsRequest,
  mode: SiteMode,
): Promise<{ data: Comic[]; total: number }> {
  const hostConditions = hostComicConditions(mode)
  if (!hostConditions) return { data: [], total: 0 }
  const typed = textSearchQueries(request.q)
  const where = and(sql`${comics.searchVector} @@ typed_query.every_word`, ...hostConditions)
  const rows = await db
    .select({ ...shownComicColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(comics)
    .crossJoin(typed)
    .where(where)
    // No full-text rank after it: ts_rank reads every match's whole vector, and cost more than the rest
    // of the search on a common word. The likeness is computed only for a title with a word typed: most
    // matches have the words in their description only.
    .orderBy(
      sql`case when ${comics.searchTitleVector} @@ typed_query.any_word then word_similarity(search_fold(${request.q}), ${comics.searchTitle}) end desc nulls last`,
      asc(comics.id),
    )
    .limit(request.limit)
    .offset(request.offset)
  // The window count rides on the rows; a page past the last match has none, so count apart.
  const total =
    rows[0]?.total ??
    (request.offset > 0 ? ((await db.select({ total: count() }).from(comics).crossJoin(typed).where(where))[0]?.total ?? 0) : 0)
  const genresByComic = await genresOf(db, rows.map((row) => row.id))
  return { total, data: rows.map(({ total: _, ...row }) => comicFromRow(row, genresByComic.get(row.id) ?? [], fileStore)) }
}

/**
 * The text search queries (tsquery) for the words typed, made in the statement that uses them, as the
 * columns of `typed_query`: `every_word` needs each typed word as any of the catalogue's words like it
 * (`search_words_like`, migration 0010), `any_word` one of them. One-letter words are left out when there
 * are longer ones. Both null, so that nothing matches, when a typed word is like none or no word was
 * typed. Each like word is quoted as a lexeme in tsquery's input syntax, taken as it is (no parsing, no
 * normalising).
 */
function textSearchQueries(q: string): SQL {
  const typedWords = sql`unnest(tsvector_to_array(to_tsvector('simple', search_fold(${q}))))`
  const known = sql`bool_and(like_words.alternatives is not null)`
  return sql`(
    select
      case when ${known} then string_agg('(' || like_words.alternatives || ')', ' & ')::tsquery end as every_word,
      case when ${known} then string_agg('(' || like_words.alternatives || ')', ' | ')::tsquery end as any_word
    from ${typedWords} as typed(word)
    cross join lateral (
      select string_agg('''' || replace(replace(known, '\\', '\\\\'), '''', '''''') || '''', ' | ') as alternatives
      from search_words_like(typed.word, ${SEARCH_WORD_SIMILARITY}, ${ALTERNATIVES_PER_WORD}) as known
    ) as like_words
    where length(typed.word) > 1 or not exists (select from ${typedWords} as longer(word) where length(longer.word) > 1)
  ) as typed_query`
}
