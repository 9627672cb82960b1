import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type * as z from 'zod'
import type { Asset, AssetsListRequestSchema, AssetVariant } from '@comics/core/contract'
import { canAccessVariant, hasSubscription, isComicShownOn, isFreeEpisode, isPagePublic, isVariantShownOn, type SiteMode } from '@comics/core/rules'
import type { Caller } from '../auth/caller'
import type { Database } from '../db/database'
import { requestedRowIds } from '../http/requested-row-ids'
import { assets, files } from '../db/schema'
import type { FileStore } from '../files/file-store'
import { listedPageImages } from '../files/renditions'
import { signedFile, type UrlSigner } from '../files/signed-urls'
import { HttpError } from '../http/http-error'
import type { CatalogueCache } from './catalogue-cache'
import { indexEpisodes, isIndexedEpisodeLocked } from './episode-index'

type AssetsListRequest = z.core.output<typeof AssetsListRequestSchema>

const ALL_VARIANTS: readonly AssetVariant[] = ['censored', 'uncensored', 'legal']

/** What the caller may receive: the episodes and variants to list, decided by core rules. */
export interface AssetsGrant {
  chapterIds: number[]
  variants: AssetVariant[]
  /** The free published episodes among them, whose censored and legal pages are public (core `isPagePublic`). */
  freeChapterIds: number[]
}

/**
 * Decides whether the caller may see the pages asked for (an episode the caller unlocked with coins is
 * open to them), with core `isEpisodeLocked` (through
 * `isIndexedEpisodeLocked`, which remembers its answers) and
 * `canAccessVariant`: a locked episode is a 401 for a guest and a 403 for a reader without access,
 * before any page is read, so no URL of a locked page ever leaves. Without a `variant` filter the
 * variants the caller may see are listed. Pages of an episode not yet published are listed to admins
 * alone (a preview); anyone else gets none, as for an episode that does not exist. The host of `mode`
 * lists the pages of the comics it shows alone (core `isComicShownOn`), in the variants it serves (core
 * `isVariantShownOn`: never the uncensored one on the mirror host, whatever the level): the others are,
 * to it, pages that do not exist. An admin's listing, as their comic list, is not narrowed to the host's
 * comics (the variant rule holds for them too).
 */
export async function grantAssets(
  db: Database,
  cache: CatalogueCache,
  request: AssetsListRequest,
  caller: Caller,
  mode: SiteMode,
  levelOfCaller: () => Promise<number>,
  now: Date,
  unlockedByCaller: (chapterIds: number[]) => Promise<ReadonlySet<string>> = async () => new Set(),
): Promise<AssetsGrant> {
  const requested = request.filters.chapterId
  if (!requested || requested.length === 0) {
    throw new HttpError(400, 'invalid_request', 'Invalid body: filters.chapterId: name the episode whose pages to list', {
      'filters.chapterId': ['Required: the episode whose pages to list'],
    })
  }
  // An episode not yet published is, to anyone but an admin, an episode that does not exist: no page.
  let episodes = await indexEpisodes(db, cache, requestedRowIds(requested, 'filters.chapterId'), {
    now,
    unpublished: caller?.admin === true,
  })
  const admin = caller?.admin === true
  if (!admin) episodes = episodes.filter((episode) => isComicShownOn(mode, episode.comic))
  if (request.filters.comicsId) {
    const comicIds = new Set(requestedRowIds(request.filters.comicsId, 'filters.comicsId'))
    episodes = episodes.filter((episode) => comicIds.has(episode.comicId))
  }
  const variantsAsked = (request.filters.variant ?? ALL_VARIANTS).filter((variant) => isVariantShownOn(mode, variant))
  // An admin previews an episode not yet published whole: no reader can open it, so no lock or level
  // applies to it yet (docs/decisions.md). Published episodes follow the readers' rules, admins included.
  const published = episodes.filter((e) => e.published)
  const freeChapterIds = published.filter((e) => isFreeEpisode(e, e.siblings)).map((e) => Number(e.id))
  if (episodes.length > 0 && published.length === 0) return { chapterIds: episodes.map((e) => Number(e.id)), variants: [...variantsAsked], freeChapterIds }
  const lockedForGuests = published.some((e) => isIndexedEpisodeLocked(e, { signedIn: caller !== null, level: 0 }))
  const needsLevel = lockedForGuests || variantsAsked.includes('uncensored')
  const level = needsLevel && caller ? await levelOfCaller() : 0
  // Episodes the caller unlocked with coins open to them alone (core `Viewer.unlockedEpisodeIds`); the
  // uncensored variant still needs the level (core `canAccessVariant`).
  const unlockedEpisodeIds =
    lockedForGuests && caller && !hasSubscription(level) ? await unlockedByCaller(published.map((e) => Number(e.id))) : undefined
  const viewer = { signedIn: caller !== null, level, unlockedEpisodeIds }

  const refuse = (code: string, message: string) =>
    caller ? new HttpError(403, code, message) : new HttpError(401, 'sign_in_required', `Sign in: ${message.toLowerCase()}`)
  if (published.some((e) => isIndexedEpisodeLocked(e, viewer))) {
    throw refuse('subscription_required', 'This episode needs an active subscription or a coin unlock')
  }
  const variants = variantsAsked.filter((variant) => canAccessVariant(variant, level))
  if (request.filters.variant && variants.length < variantsAsked.length) {
    throw refuse('level_required', 'The uncensored edition needs an active subscription above level 2')
  }
  return { chapterIds: episodes.map((e) => Number(e.id)), variants, freeChapterIds }
}

/** Whether the pages this grant lists include one served at a signed address (then the answer depends on the time). */
export const grantHasSignedPages = (grant: AssetsGrant): boolean =>
  grant.chapterIds.some((id) => grant.variants.some((variant) => !isPagePublic({ variant, free: grant.freeChapterIds.includes(id) })))

/**
 * POST /comics-assets/list, once granted: the pages in reading order with their pixel sizes. A page that
 * is not public (core `isPagePublic`) gets an address signed until the end of the signing window of `now`.
 */
export async function listAssets(
  db: Database,
  fileStore: FileStore,
  grant: AssetsGrant,
  paging: { limit: number; offset: number },
  signing: { signer: UrlSigner; now: Date },
): Promise<{ data: Asset[]; total: number }> {
  const free = new Set(grant.freeChapterIds)
  if (grant.chapterIds.length === 0 || grant.variants.length === 0) return { data: [], total: 0 }
  const where = and(inArray(assets.chapterId, grant.chapterIds), inArray(assets.variant, grant.variants))
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: assets.id,
        comicId: assets.comicId,
        chapterId: assets.chapterId,
        variant: assets.variant,
        position: assets.position,
        file: assets.file,
        alt: assets.alt,
        width: files.width,
        height: files.height,
      })
      .from(assets)
      .innerJoin(files, eq(files.name, assets.file))
      .where(where)
      .orderBy(asc(assets.chapterId), asc(assets.variant), asc(assets.position))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(assets).where(where),
  ])
  return {
    total: totalRow?.total ?? 0,
    data: rows.map((row) => {
      const isPublic = isPagePublic({ variant: row.variant, free: free.has(row.chapterId) })
      const url = fileStore.urlOf(row.file)
      const address = isPublic ? { url } : signedFile(signing.signer, url, row.file, signing.now)
      return pageAsset(row, address)
    }),
  }
}

/** A page's row, as the reader's list and the studio's list read it. */
export interface PageRow {
  id: number
  comicId: number
  chapterId: number
  variant: AssetVariant
  position: number
  alt: string | null
  width: number
  height: number
}

/**
 * A page as the contract's asset, at `address` (its public address, or a signed one): its size, its
 * renditions and tiles (listedPageImages), its place and its alt text when it has one.
 */
export function pageAsset(row: PageRow, address: { url: string }): Asset {
  return {
    id: String(row.id),
    ...address,
    width: row.width,
    height: row.height,
    ...listedPageImages(address.url, row.width, row.height),
    comicsId: String(row.comicId),
    chapterId: String(row.chapterId),
    variant: row.variant,
    position: row.position,
    ...(row.alt ? { alt: row.alt } : {}),
  }
}
