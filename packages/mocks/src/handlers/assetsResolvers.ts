import { HttpResponse } from 'msw'
import type { Asset, AssetVariant } from '@comics/core/contract'
import { normalizedPageAlt, canAccessVariant, isEpisodeLocked, isPublished, isVariantShownOn, publishedEpisodes } from '@comics/core/rules'
import { shownOnHost } from './chaptersResolvers'
import { errorResponse, validationErrorResponse } from './errorResponse'
import { fileDataUrl } from './fileDataUrl'
import type { MockState } from './mockState'
import { pageOf, passes, sortedBy } from './paging'
import type { RequestViewer } from './resolveViewer'
import type { Resolver } from './resolverContext'

/** Why a viewer may not have these pages (or this transcript), or null when they may. */
export function refusal(state: MockState, viewer: RequestViewer, chapterIds: Set<string>, variants: Set<AssetVariant>, now: Date) {
  for (const chapterId of chapterIds) {
    const chapter = state.chapters.find((c) => c.id === chapterId)
    // An unpublished episode: an admin's preview, or nothing at all (see listAssets).
    if (!chapter || !isPublished(chapter, now)) continue
    const siblings = publishedEpisodes(state.chapters.filter((c) => c.comicsId === chapter.comicsId), now)
    if (isEpisodeLocked(chapter, siblings, viewer)) {
      return { code: 'episode_locked', message: `Episode ${chapter.chapterNumber} needs a subscription` }
    }
  }
  for (const variant of variants) {
    if (!canAccessVariant(variant, viewer.level)) {
      return { code: 'variant_locked', message: `The ${variant} edition needs a higher subscription level` }
    }
  }
  return null
}

/**
 * POST /comics-assets/list. Pages of a locked episode, or of a variant the viewer's level does not
 * open, are refused as a whole (401 signed out, 403 signed in) and no URL leaks; the core rules
 * `isEpisodeLocked` and `canAccessVariant` decide, on the chapters and variants asked for and on
 * those of every matching page.
 */
export const listAssets: Resolver<'listAssets'> = ({ body, state, viewer, now, siteMode }) => {
  const { comicsId, chapterId, variant } = body.filters
  // Pages of an episode not yet published exist for admins alone.
  const visible = (id: string | undefined) => {
    const chapter = state.chapters.find((c) => c.id === id)
    return viewer.admin || !chapter || isPublished(chapter, now)
  }
  const matching = state.assets.filter(
    (asset) =>
      passes(comicsId, asset.comicsId) && passes(chapterId, asset.chapterId) && passes(variant, asset.variant) && visible(asset.chapterId) &&
      shownOnHost(state, siteMode, asset.comicsId) && (!siteMode || !asset.variant || isVariantShownOn(siteMode, asset.variant)),
  )
  const chapterIds = new Set([...(chapterId ?? []), ...matching.flatMap((a) => (a.chapterId ? [a.chapterId] : []))])
  const variants = new Set([...(variant ?? []), ...matching.flatMap((a) => (a.variant ? [a.variant] : []))])
  const refused = refusal(state, viewer, chapterIds, variants, now)
  if (refused) return errorResponse(viewer.signedIn ? 403 : 401, refused)
  return HttpResponse.json(pageOf(sortedBy(matching, (a) => a.position ?? 0, body.sort?.order ?? 'asc'), body))
}

/**
 * POST /comics/{comicId}/assets/{variant} (admin): replaces the pages of a chapter of that comic in
 * that variant with the uploaded files, in the order sent.
 */
export const uploadAssets: Resolver<'uploadAssets'> = async ({ params, fields, files, state }) => {
  const chapter = state.chapters.find((c) => c.id === fields.chapterId && c.comicsId === params.comicId)
  if (!chapter) return errorResponse(404, { message: `No chapter ${fields.chapterId} in comic ${params.comicId}` })
  const pages = files.files ?? []
  if (pages.length === 0) return validationErrorResponse({ files: ['At least one page image is required'] })
  const variant = params.variant as AssetVariant
  const uploaded: Asset[] = []
  for (const [index, page] of pages.entries()) {
    uploaded.push({
      id: `${chapter.id}-${variant}-${index + 1}`,
      url: await fileDataUrl(page),
      comicsId: chapter.comicsId,
      chapterId: chapter.id,
      variant,
      position: index + 1,
    })
  }
  state.assets = state.assets.filter((a) => !(a.chapterId === chapter.id && a.variant === variant)).concat(uploaded)
  return HttpResponse.json({ data: uploaded }, { status: 201 })
}

const episodePages = (state: MockState, chapterId: string, variant: AssetVariant) =>
  state.assets.filter((a) => a.chapterId === chapterId && a.variant === variant).sort((a, b) => (a.position ?? 0) - (b.position ?? 0))

/**
 * POST /comics/{comicId}/chapters/{chapterId}/pages/{variant} (admin): one page image, added after
 * the episode's pages in that variant.
 */
export const uploadPage: Resolver<'uploadPage'> = async ({ params, files, state }) => {
  const chapter = state.chapters.find((c) => c.id === params.chapterId && c.comicsId === params.comicId)
  if (!chapter) return errorResponse(404, { message: `No chapter ${params.chapterId} in comic ${params.comicId}` })
  const [page] = files.file ?? []
  if (!page) return validationErrorResponse({ file: ['One page image is required'] })
  const variant = params.variant as AssetVariant
  const last = episodePages(state, chapter.id, variant).at(-1)?.position ?? 0
  state.sequence += 1
  const asset: Asset = {
    id: `${chapter.id}-${variant}-u${state.sequence}`,
    url: await fileDataUrl(page),
    comicsId: chapter.comicsId,
    chapterId: chapter.id,
    variant,
    position: last + 1,
  }
  state.assets.push(asset)
  return HttpResponse.json({ data: [asset] }, { status: 201 })
}

/**
 * POST /comics/{comicId}/chapters/{chapterId}/pages/{variant}/order (admin): the episode's pages
 * become those listed, in that order; an id that is not one of its pages is refused (400).
 */
export const setPageOrder: Resolver<'setPageOrder'> = ({ params, body, state }) => {
  const chapter = state.chapters.find((c) => c.id === params.chapterId && c.comicsId === params.comicId)
  if (!chapter) return errorResponse(404, { message: `No chapter ${params.chapterId} in comic ${params.comicId}` })
  const variant = params.variant as AssetVariant
  const pages = new Map(episodePages(state, chapter.id, variant).map((a) => [a.id, a]))
  const unknown = body.assetIds.filter((id) => !pages.has(id))
  if (unknown.length > 0 || new Set(body.assetIds).size !== body.assetIds.length) {
    return validationErrorResponse({ assetIds: ['Every id once, each a page of this episode in this variant'] })
  }
  const ordered = body.assetIds.map((id, index) => ({ ...pages.get(id)!, position: index + 1 }))
  state.assets = state.assets.filter((a) => !(a.chapterId === chapter.id && a.variant === variant)).concat(ordered)
  return HttpResponse.json({ data: ordered })
}

/**
 * PUT /comics/{comicId}/chapters/{chapterId}/pages/{variant}/alt (admin): the alt text of the pages
 * listed (null or empty removes it); an id that is not one of the episode's pages is refused (400).
 */
export const setPageAlt: Resolver<'setPageAlt'> = ({ params, body, state }) => {
  const chapter = state.chapters.find((c) => c.id === params.chapterId && c.comicsId === params.comicId)
  if (!chapter) return errorResponse(404, { message: `No chapter ${params.chapterId} in comic ${params.comicId}` })
  const variant = params.variant as AssetVariant
  const pages = new Map(episodePages(state, chapter.id, variant).map((a) => [a.id, a]))
  const unknown = body.pages.filter((page) => !pages.has(page.assetId))
  if (unknown.length > 0) return validationErrorResponse({ pages: [`Not a page of this episode: ${unknown.map((page) => page.assetId).join(', ')}`] })
  for (const { assetId, alt } of body.pages) {
    const page = pages.get(assetId)!
    const kept = normalizedPageAlt(alt)
    if (kept) page.alt = kept
    else delete page.alt
  }
  return HttpResponse.json({ data: episodePages(state, chapter.id, variant) })
}
