import { HttpResponse } from 'msw'
import type { Comic, ComicGenre } from '@comics/core/contract'
import { contentRatingsFor, isComicShownOn, publicationStatus } from '@comics/core/rules'
import { placeholderImageUrl } from '../images/placeholderImageUrl'
import { errorResponse, validationErrorResponse } from './errorResponse'
import { fileDataUrl } from './fileDataUrl'
import { nextMockId, type MockState } from './mockState'
import { pageOf, passes, sortedBy } from './paging'
import type { Resolver } from './resolverContext'

const genresNamed = (state: MockState, ids: readonly string[]): ComicGenre[] | { unknown: string[] } => {
  const unknown = ids.filter((id) => !state.genres.some((g) => g.id === id))
  if (unknown.length > 0) return { unknown }
  return ids.map((id) => ({ ...state.genres.find((g) => g.id === id)! }))
}

/**
 * POST /comics/list. The requested ratings are applied; with a `siteMode` set they are narrowed to
 * that host's ratings. A request without AO is a normal-host request, which lists only comics with
 * `displayOnMirror` (docs/decisions.md "Hosts").
 */
export const listComics: Resolver<'listComics'> = ({ body, state, siteMode }) => {
  const host = siteMode ? contentRatingsFor(siteMode) : undefined
  const ratings = body.filters.contentRating
    ? body.filters.contentRating.filter((r) => !host || host.includes(r))
    : host
  const normalHost = siteMode ? siteMode === 'normal' : ratings !== undefined && !ratings.includes('AO')
  const matching = state.comics.filter(
    (comic) =>
      passes(ratings, comic.contentRating) &&
      passes(body.filters.id, comic.id) &&
      (body.filters.genres === undefined || comic.genres.some((g) => body.filters.genres!.includes(g.id))) &&
      (siteMode ? isComicShownOn(siteMode, comic) : !normalHost || comic.displayOnMirror),
  )
  const sorted = body.sort
    ? sortedBy(matching, (c) => (body.sort!.field === 'title' ? c.title : (c.createdAt ?? '')), body.sort.order)
    : matching
  return HttpResponse.json(pageOf(sorted, body))
}

/**
 * POST /admin/comics/list (admin): every comic whatever the handlers' `siteMode`, of every rating and
 * mirror flag, narrowed only by the filters sent.
 */
export const adminListComics: Resolver<'adminListComics'> = ({ body, state, now }) => {
  const { filters } = body
  const title = filters.title?.toLowerCase()
  const matching = state.comics.filter(
    (comic) =>
      passes(filters.contentRating, comic.contentRating) &&
      passes(filters.id, comic.id) &&
      (filters.genres === undefined || comic.genres.some((g) => filters.genres!.includes(g.id))) &&
      (filters.displayOnMirror === undefined || comic.displayOnMirror === filters.displayOnMirror) &&
      (title === undefined || comic.title.toLowerCase().includes(title)) &&
      (filters.hasDrafts === undefined ||
        state.chapters.some((c) => c.comicsId === comic.id && publicationStatus(c, now) === 'draft') === filters.hasDrafts),
  )
  const sorted = sortedBy(
    matching,
    (c) => (body.sort?.field === 'title' ? c.title : (c.createdAt ?? '')),
    body.sort?.order ?? 'desc',
  )
  return HttpResponse.json(pageOf(sorted, body))
}

/** POST /comics (admin): genres must exist; images become data URLs, or placeholders when absent. */
export const createComic: Resolver<'createComic'> = async ({ fields, files, state, now }) => {
  const genres = genresNamed(state, fields.genres)
  if ('unknown' in genres) return validationErrorResponse({ genres: [`Unknown genre ids: ${genres.unknown.join(', ')}`] })
  const id = nextMockId(state)
  const cover = files.cover?.[0]
  const banner = files.banner?.[0]
  const comic: Comic = {
    id,
    title: fields.title,
    description: fields.description,
    coverImageUrl: cover
      ? await fileDataUrl(cover)
      : placeholderImageUrl({ width: 600, height: 800, hue: 0, lines: [fields.title, 'Cover'] }),
    bannerImageUrl: banner ? await fileDataUrl(banner) : '',
    contentRating: fields.contentRating,
    genres,
    displayOnMirror: fields.displayOnMirror,
    createdAt: now.toISOString(),
  }
  state.comics.push(comic)
  return HttpResponse.json({ data: [comic] }, { status: 201 })
}

/** PATCH /comics/{id} (admin): only the fields sent change. */
export const updateComic: Resolver<'updateComic'> = async ({ params, fields, files, state }) => {
  const comic = state.comics.find((c) => c.id === params.id)
  if (!comic) return errorResponse(404, { message: `No comic ${params.id}` })
  if (fields.genres) {
    const genres = genresNamed(state, fields.genres)
    if ('unknown' in genres) return validationErrorResponse({ genres: [`Unknown genre ids: ${genres.unknown.join(', ')}`] })
    comic.genres = genres
  }
  if (fields.title !== undefined) comic.title = fields.title
  if (fields.description !== undefined) comic.description = fields.description
  if (fields.contentRating !== undefined) comic.contentRating = fields.contentRating
  if (fields.displayOnMirror !== undefined) comic.displayOnMirror = fields.displayOnMirror
  const cover = files.coverImage?.[0]
  const banner = files.bannerImage?.[0]
  if (cover) comic.coverImageUrl = await fileDataUrl(cover)
  if (banner) comic.bannerImageUrl = await fileDataUrl(banner)
  return HttpResponse.json({ data: [comic] })
}

/** DELETE /comics (admin): removes the comics with their chapters and pages; answers the ids removed. */
export const deleteComics: Resolver<'deleteComics'> = ({ body, state }) => {
  const removed = state.comics.filter((c) => body.ids.includes(c.id)).map((c) => c.id)
  state.comics = state.comics.filter((c) => !removed.includes(c.id))
  state.chapters = state.chapters.filter((c) => !removed.includes(c.comicsId))
  state.assets = state.assets.filter((a) => !a.comicsId || !removed.includes(a.comicsId))
  return HttpResponse.json({ data: removed.map((id) => ({ id })) })
}

/** Lower case without accents, split into words: as the reference API folds a search. */
const searchWordsOf = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)

/** Edits (insert, delete, change, swap two neighbours) from one word to the other, stopping past `most`. */
function editsBetween(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = best
    }
  }
  return rows[a.length]![b.length]!
}

/** A typed word matches a word it begins, or one a typo or two away (one for short words). */
const wordMatches = (typed: string, word: string) =>
  word.startsWith(typed) || (typed.length >= 4 && editsBetween(typed, word, typed.length >= 7 ? 2 : 1) <= (typed.length >= 7 ? 2 : 1))

/**
 * POST /comics/search, as the reference API answers it closely enough for stories and tests: comics of
 * the host's ratings (normal mode unless the handlers' `siteMode` is adult: never AO off the adult host)
 * where every typed word matches a word of the title or description, accents and case ignored, a typo
 * forgiven; comics matching in the title first.
 */
export const searchComics: Resolver<'searchComics'> = ({ body, state, siteMode }) => {
  const mode = siteMode ?? 'normal'
  const typed = searchWordsOf(body.q)
  const matchesIn = (words: string[]) => typed.length > 0 && typed.every((word) => words.some((known) => wordMatches(word, known)))
  const found = state.comics
    .filter((comic) => isComicShownOn(mode, comic))
    .map((comic) => ({ comic, inTitle: matchesIn(searchWordsOf(comic.title)), inText: matchesIn(searchWordsOf(`${comic.title} ${comic.description}`)) }))
    .filter((match) => match.inText)
    .sort((a, b) => Number(b.inTitle) - Number(a.inTitle))
    .map((match) => match.comic)
  return HttpResponse.json(pageOf(found, body))
}
