import { HttpResponse } from 'msw'
import type { Chapter } from '@comics/core/contract'
import { isComicShownOn, isPublished, type SiteMode } from '@comics/core/rules'
import { placeholderImageUrl } from '../images/placeholderImageUrl'
import { errorResponse, validationErrorResponse } from './errorResponse'
import { fileDataUrl } from './fileDataUrl'
import type { MockState } from './mockState'
import { pageOf, passes, sortedBy } from './paging'
import type { Resolver } from './resolverContext'

/**
 * POST /chapters/list: by comic, and by the variants a chapter has pages in; ordered by chapter
 * number (ascending unless the request says otherwise). Published episodes only (core `isPublished`),
 * unless an admin asks for unpublished ones too.
 */
export const listChapters: Resolver<'listChapters'> = ({ body, state, viewer, now, siteMode }) => {
  const { comicsId, assetVariant, includeUnpublished } = body.filters
  if (includeUnpublished && !viewer.admin) {
    return errorResponse(viewer.signedIn ? 403 : 401, { code: 'admin_required', message: 'Unpublished episodes are listed to admins only' })
  }
  const matching = state.chapters.filter(
    (chapter) =>
      (includeUnpublished || isPublished(chapter, now)) &&
      passes(comicsId, chapter.comicsId) &&
      shownOnHost(state, siteMode, chapter.comicsId) &&
      (assetVariant === undefined ||
        state.assets.some((a) => a.chapterId === chapter.id && a.variant !== undefined && assetVariant.includes(a.variant))),
  )
  return HttpResponse.json(pageOf(sortedBy(matching, (c) => c.chapterNumber, body.sort?.order ?? 'asc'), body))
}

/**
 * POST /chapters (admin): chapters of an existing comic; numbers must be new in that comic. The
 * `files` are the previews of the listed chapters in order.
 */
export const createChapters: Resolver<'createChapters'> = async ({ fields, files, state, now }) => {
  if (!state.comics.some((c) => c.id === fields.comicsId)) {
    return validationErrorResponse({ comicsId: [`No comic ${fields.comicsId}`] })
  }
  const taken = new Set(state.chapters.filter((c) => c.comicsId === fields.comicsId).map((c) => c.chapterNumber))
  const numbers = fields.chapters.map((c) => c.chapterNumber)
  const clash = numbers.find((n, index) => taken.has(n) || numbers.indexOf(n) !== index)
  if (clash !== undefined) return errorResponse(409, { message: `Chapter number ${clash} already exists in comic ${fields.comicsId}` })
  const previews = files.files ?? []
  const created: Chapter[] = []
  for (const [index, chapter] of fields.chapters.entries()) {
    const preview = previews[index]
    created.push({
      id: `${fields.comicsId}-${chapter.chapterNumber}`,
      comicsId: fields.comicsId,
      title: chapter.title,
      chapterNumber: chapter.chapterNumber,
      isFree: chapter.isFree,
      previewImageUrl: preview
        ? await fileDataUrl(preview)
        : placeholderImageUrl({ width: 320, height: 180, hue: 0, lines: [chapter.title] }),
      publishAt: chapter.publishAt === undefined ? now.toISOString() : chapter.publishAt,
    })
  }
  state.chapters.push(...created)
  return HttpResponse.json({ data: created }, { status: 201 })
}

/** PATCH /chapters/{chapterId} (admin): title, isFree, publish time and a new preview image. */
export const updateChapter: Resolver<'updateChapter'> = async ({ params, fields, files, state }) => {
  const chapter = state.chapters.find((c) => c.id === params.chapterId)
  if (!chapter) return errorResponse(404, { message: `No chapter ${params.chapterId}` })
  if (fields.title !== undefined) chapter.title = fields.title
  if (fields.isFree !== undefined) chapter.isFree = fields.isFree
  if (fields.publishAt !== undefined) chapter.publishAt = fields.publishAt
  const preview = files.files?.[0]
  if (preview) chapter.previewImageUrl = await fileDataUrl(preview)
  return HttpResponse.json({ data: [chapter] })
}

/** Whether the handlers' host shows the comic `comicId` (core `isComicShownOn`); any comic without a `siteMode`. */
export function shownOnHost(state: MockState, siteMode: SiteMode | undefined, comicId: string | undefined): boolean {
  if (!siteMode) return true
  const comic = state.comics.find((candidate) => candidate.id === comicId)
  return comic !== undefined && isComicShownOn(siteMode, comic)
}
