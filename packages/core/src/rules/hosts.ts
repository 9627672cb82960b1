import { contentRatingsFor, type AssetVariantName, type ContentRatingCode, type SiteMode } from './access'

/** The fields of a comic the host rule reads. */
export interface HostedComicRef {
  contentRating: ContentRatingCode
  displayOnMirror: boolean
}

/**
 * Whether a host of `mode` shows a comic, and so anything of it (its episodes, pages, progress, follows,
 * unlocks): the mode's ratings (core `contentRatingsFor`), and off the adult host only a comic flagged
 * `displayOnMirror` (spec §3). An AO comic is never shown on the mirror host.
 * @example isComicShownOn('normal', { contentRating: 'AO', displayOnMirror: true }) // false
 */
export function isComicShownOn(mode: SiteMode, comic: HostedComicRef): boolean {
  return contentRatingsFor(mode).includes(comic.contentRating) && (mode === 'adult' || comic.displayOnMirror)
}

/**
 * The page-image variants a host of `mode` may serve, whoever asks: the adult host all three, the mirror
 * host never the uncensored one (spec §6: the normal host reads the legal edition).
 * @example variantsShownOn('normal') // ['censored', 'legal']
 */
export function variantsShownOn(mode: SiteMode): AssetVariantName[] {
  return mode === 'adult' ? ['uncensored', 'censored', 'legal'] : ['censored', 'legal']
}

/** Whether a host of `mode` may serve a page of `variant` (see {@link variantsShownOn}). */
export function isVariantShownOn(mode: SiteMode, variant: AssetVariantName): boolean {
  return mode === 'adult' || variant !== 'uncensored'
}
