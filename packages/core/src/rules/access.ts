import { hasSubscription } from './subscription'
import { comicPath } from '../site/routes'
import type { Viewer } from './episodes'

/** Site modes: the adult host, or a normal (mirror) host. */
export type SiteMode = 'adult' | 'normal'
export type ContentRatingCode = 'AO' | 'T' | 'M'
export type AssetVariantName = 'uncensored' | 'censored' | 'legal'

/** Lowest level that unlocks the uncensored edition: levels above 2 (spec §6, §9). */
export const UNCENSORED_MIN_LEVEL = 3
/** Name of the genre that marks a comic with an uncensored edition (compared case-insensitively). */
export const UNCENSORED_GENRE = 'uncensored'

/**
 * Content ratings shown in a mode: the adult host shows AO, the normal hosts T and M (spec §3).
 * @example contentRatingsFor('normal') // ['T', 'M']
 */
export function contentRatingsFor(mode: SiteMode): ContentRatingCode[] {
  return mode === 'adult' ? ['AO'] : ['T', 'M']
}

/** Uncensored access needs an active level above 2 (spec §6). */
export function canReadUncensored(level: number): boolean {
  return level >= UNCENSORED_MIN_LEVEL
}

/**
 * Where 'Read Uncensored' leads: the uncensored comic page above level 2, else /premium (spec §6).
 * @example readUncensoredPath('7', 3) // '/comic/7/uncensored'
 */
export function readUncensoredPath(comicId: string, level: number): string {
  return canReadUncensored(level) ? comicPath(comicId, { uncensored: true }) : '/premium'
}

/** A comic has an uncensored edition when one of its genres is the uncensored genre (spec §2). */
export function hasUncensoredEdition(comic: { genres: readonly { name: string }[] }): boolean {
  return comic.genres.some((g) => g.name.trim().toLowerCase() === UNCENSORED_GENRE)
}

/**
 * Which upgrade banner the episode list shows before its 4th row (spec §6, §9):
 * 'continue' without a subscription (also on a comic with an uncensored edition: unlocking the story
 * comes first), 'uncensored' at levels 1 and 2 on a comic with an uncensored edition, else none.
 */
export function upgradeBanner(
  viewer: Viewer,
  comic: { genres: readonly { name: string }[] },
): 'continue' | 'uncensored' | null {
  if (!hasSubscription(viewer.level)) return 'continue'
  if (!canReadUncensored(viewer.level) && hasUncensoredEdition(comic)) return 'uncensored'
  return null
}

/**
 * The page-image variant to ask for: in adult mode the uncensored flag picks uncensored or censored;
 * on the normal host it is always 'legal' (spec §6).
 */
export function assetVariant({
  mode,
  uncensored,
}: {
  mode: SiteMode
  uncensored: boolean
}): AssetVariantName {
  if (mode !== 'adult') return 'legal'
  return uncensored ? 'uncensored' : 'censored'
}

/**
 * Whether a viewer may receive the page images of one variant of one episode: the episode must be
 * unlocked and the uncensored variant needs an active level above 2. The server enforces this.
 */
export function canAccessVariant(variant: AssetVariantName, level: number): boolean {
  return variant !== 'uncensored' || canReadUncensored(level)
}

/**
 * Whether a page image may be served at a public, permanent address: the censored and legal pages of a
 * free episode (core `isFreeEpisode`). The pages of an episode that needs a subscription, and every
 * uncensored page, are served at short-lived signed addresses instead, so that an address copied from a
 * subscriber's answer stops working (docs/decisions.md, "Signed page URLs"). An episode not yet published
 * is not free to anyone: pass `free: false`.
 */
export function isPagePublic(page: { variant: AssetVariantName; free: boolean }): boolean {
  return page.variant !== 'uncensored' && page.free
}
