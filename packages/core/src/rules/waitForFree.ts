import { episodePosition, isFreeEpisode, type EpisodeRef, type Viewer } from './episodes'

/**
 * A comic's free-after-a-wait setting, set by an admin: `waitHours` 0 is off (every comic's default, so
 * the spec's locks are unchanged until an admin turns it on); the newest `newestExcluded` episodes are
 * never free by waiting.
 */
export interface WaitForFreeSetting {
  waitHours: number
  newestExcluded: number
}

/** The setting of a comic no admin has touched: off. */
export const WAIT_FOR_FREE_OFF: WaitForFreeSetting = Object.freeze({ waitHours: 0, newestExcluded: 0 })

/** The longest wait an admin may set, in hours (two weeks). */
export const WAIT_FOR_FREE_MAX_HOURS = 336

/** The most newest episodes an admin may keep out of the free unlock. */
export const WAIT_FOR_FREE_MAX_NEWEST_EXCLUDED = 1000

const HOUR_MS = 3_600_000

/** Whether a comic frees episodes after a wait. */
export function isWaitForFreeOn(setting: WaitForFreeSetting): boolean {
  return setting.waitHours > 0
}

/**
 * What is wrong with a setting an admin sends, or an empty list: whole hours from 0 (off) to
 * {@link WAIT_FOR_FREE_MAX_HOURS}, and 0 to {@link WAIT_FOR_FREE_MAX_NEWEST_EXCLUDED} newest episodes kept out.
 */
export function waitForFreeSettingProblems(setting: WaitForFreeSetting): ('waitHours' | 'newestExcluded')[] {
  const problems: ('waitHours' | 'newestExcluded')[] = []
  const whole = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max
  if (!whole(setting.waitHours, WAIT_FOR_FREE_MAX_HOURS)) problems.push('waitHours')
  if (!whole(setting.newestExcluded, WAIT_FOR_FREE_MAX_NEWEST_EXCLUDED)) problems.push('newestExcluded')
  return problems
}

/**
 * When a reader's timer for a comic is ready (milliseconds since the epoch): at once when they never used
 * it, else the wait after their last free unlock. Read with the server's clock only.
 * @example waitForFreeReadyAt({ waitHours: 24, newestExcluded: 0 }, 0) // 86_400_000
 */
export function waitForFreeReadyAt(setting: WaitForFreeSetting, lastFreeUnlockAt: number | null): number {
  if (lastFreeUnlockAt === null) return 0
  return lastFreeUnlockAt + setting.waitHours * HOUR_MS
}

/**
 * Whether an episode is one of the newest `newestExcluded` of its comic by chapter number, never free by
 * waiting (only coins or a subscription open them).
 */
export function isNewestExcluded(chapter: EpisodeRef, chapters: readonly EpisodeRef[], newestExcluded: number): boolean {
  if (newestExcluded <= 0) return false
  const total = new Set(chapters.map((c) => c.id).concat(chapter.id)).size
  return episodePosition(chapter, chapters) >= total - newestExcluded
}

/** Why a reader may not unlock an episode free by waiting (see {@link waitForFreeRefusal}). */
export type WaitForFreeRefusal =
  | 'sign_in_required'
  | 'wait_for_free_off'
  | 'episode_free'
  | 'subscription_active'
  | 'already_unlocked'
  | 'newest_excluded'
  | 'timer_running'

/**
 * Why a reader may not unlock this episode free by waiting now, or null when they may:
 * a guest signs in first; the comic's wait is off; the episode is one of the free ones; a subscriber needs
 * nothing; the reader unlocked it already; it is one of the newest episodes kept out; the timer is not ready.
 * A free unlock, like a coin unlock, opens the edition a reader without a subscription sees: never the
 * uncensored one. The server calls this with its own clock.
 * @example waitForFreeRefusal(ep4, chapters, reader, { waitHours: 24, newestExcluded: 0 }, null, now) // null
 */
export function waitForFreeRefusal(
  chapter: EpisodeRef,
  chapters: readonly EpisodeRef[],
  viewer: Viewer,
  setting: WaitForFreeSetting,
  lastFreeUnlockAt: number | null,
  now: number,
): WaitForFreeRefusal | null {
  if (!viewer.signedIn) return 'sign_in_required'
  if (!isWaitForFreeOn(setting)) return 'wait_for_free_off'
  if (isFreeEpisode(chapter, chapters)) return 'episode_free'
  if (viewer.level >= 1) return 'subscription_active'
  if (viewer.unlockedEpisodeIds?.has(chapter.id)) return 'already_unlocked'
  if (isNewestExcluded(chapter, chapters, setting.newestExcluded)) return 'newest_excluded'
  if (now < waitForFreeReadyAt(setting, lastFreeUnlockAt)) return 'timer_running'
  return null
}

/**
 * Whether a locked episode shows a free-after-a-wait state ('Free now' or 'Free in 23:41') to this viewer:
 * every refusal but the running timer hides it; a guest sees none (the sign-in offer comes first), nor
 * does the uncensored edition (only a subscription opens it).
 */
export function offersWaitForFree(
  chapter: EpisodeRef,
  chapters: readonly EpisodeRef[],
  viewer: Viewer,
  setting: WaitForFreeSetting,
  options: { uncensored?: boolean } = {},
): boolean {
  if (options.uncensored) return false
  // The timer is read as ready here: whether it is running only changes what the offer says.
  const refusal = waitForFreeRefusal(chapter, chapters, viewer, setting, null, 0)
  return refusal === null
}

/**
 * What the countdown reads: 'ready', or the time left as hours and minutes ('23:41'), rounded up to the
 * minute so that it never reads 00:00 before the timer is ready.
 * @example waitForFreeCountdown(90_000_000, 5_000_000) // { ready: false, text: '23:37' }
 */
export function waitForFreeCountdown(readyAt: number, now: number): { ready: true } | { ready: false; text: string } {
  const left = readyAt - now
  if (left <= 0) return { ready: true }
  const minutes = Math.ceil(left / 60_000)
  const hours = Math.floor(minutes / 60)
  return { ready: false, text: `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` }
}
