import { hasSubscription } from './subscription'
/** Episodes free to everyone: the first 3 by chapter number (spec §9). */
export const FREE_EPISODES = 3

/** Who is reading: `level` 0 means no active subscription. */
export interface Viewer {
  signedIn: boolean
  level: number
  /**
   * Episodes this reader unlocked with coins: open to them for good, whatever their level (core
   * `coinUnlockRefusal`). Absent: none.
   */
  unlockedEpisodeIds?: ReadonlySet<string>
}

/** The fields the episode rules read from a chapter. */
export interface EpisodeRef {
  id: string
  chapterNumber: number
}

/**
 * Zero-based position of `chapter` in its comic, by chapter number whatever the order of `chapters`
 * and whatever gaps the numbering has: the number of other chapters numbered below it.
 */
export function episodePosition(chapter: EpisodeRef, chapters: readonly EpisodeRef[]): number {
  let position = 0
  const seen = new Set<string>()
  for (const other of chapters) {
    if (other.id === chapter.id || seen.has(other.id)) continue
    seen.add(other.id)
    if (other.chapterNumber < chapter.chapterNumber) position++
  }
  return position
}

/**
 * Whether an episode is one of the free ones: among the first {@link FREE_EPISODES} of its comic by
 * chapter number (see {@link episodePosition}). This, not a chapter's `isFree` flag, decides (docs/decisions.md).
 * @example isFreeEpisode({ id: 'c9', chapterNumber: 9 }, [{ id: 'c9', chapterNumber: 9 }]) // true
 */
export function isFreeEpisode(chapter: EpisodeRef, chapters: readonly EpisodeRef[]): boolean {
  return episodePosition(chapter, chapters) < FREE_EPISODES
}

/**
 * Whether an episode is locked for a viewer. The first {@link FREE_EPISODES} by chapter number are free
 * to all; any active subscription (level 1 or higher) unlocks every episode (spec §6); an episode the
 * reader unlocked with coins stays open to them (`viewer.unlockedEpisodeIds`).
 * A chapter's `isFree` flag does not open episodes beyond the first three: the spec ties locking and
 * the Next button to the position alone (see docs/decisions.md).
 * @example
 * isEpisodeLocked({ id: 'c4', chapterNumber: 4 }, chapters, { signedIn: true, level: 0 }) // true
 */
export function isEpisodeLocked(
  chapter: EpisodeRef,
  chapters: readonly EpisodeRef[],
  viewer: Viewer,
): boolean {
  if (hasSubscription(viewer.level)) return false
  if (viewer.signedIn && viewer.unlockedEpisodeIds?.has(chapter.id)) return false
  return !isFreeEpisode(chapter, chapters)
}

/**
 * What an offer of membership does ('Premium', 'Get in now', 'Become a member'): a guest gets the sign-in
 * modal, since /premium is for signed-in readers and sends a guest home; a signed-in reader goes to
 * /premium (spec §2 "Premium", §6).
 */
export function premiumAction(viewer: Pick<Viewer, 'signedIn'>): 'sign-in' | 'premium' {
  return viewer.signedIn ? 'premium' : 'sign-in'
}

/**
 * What opening a locked episode does: a guest gets the sign-in modal, a signed-in reader goes to
 * /premium (spec §6), as {@link premiumAction}.
 */
export function lockedEpisodeAction(viewer: Viewer): 'sign-in' | 'premium' {
  return premiumAction(viewer)
}

/** The chapters sorted by chapter number, ties by id; the input is left untouched. */
export function sortEpisodes<T extends EpisodeRef>(chapters: readonly T[]): T[] {
  return [...chapters].sort((a, b) => a.chapterNumber - b.chapterNumber || a.id.localeCompare(b.id))
}

function neighbour<T extends EpisodeRef>(chapter: EpisodeRef, chapters: readonly T[], step: 1 | -1) {
  const sorted = sortEpisodes(chapters)
  const index = sorted.findIndex((c) => c.id === chapter.id)
  if (index < 0) return undefined
  return sorted[index + step]
}

/** The episode before `chapter`, if any. */
export function previousEpisode<T extends EpisodeRef>(chapter: EpisodeRef, chapters: readonly T[]) {
  return neighbour(chapter, chapters, -1)
}

/** The episode after `chapter`, if any. */
export function nextEpisode<T extends EpisodeRef>(chapter: EpisodeRef, chapters: readonly T[]) {
  return neighbour(chapter, chapters, 1)
}

/** Prev is disabled on the first episode (spec §4). */
export function canGoPrev(chapter: EpisodeRef, chapters: readonly EpisodeRef[]): boolean {
  return previousEpisode(chapter, chapters) !== undefined
}

/**
 * Next is disabled on the last episode, and on the third for a reader without an active subscription
 * (spec §4): in both cases there is no next episode the viewer may open. An episode the reader unlocked
 * with coins is one they may open.
 */
export function canGoNext(
  chapter: EpisodeRef,
  chapters: readonly EpisodeRef[],
  viewer: Viewer,
): boolean {
  const next = nextEpisode(chapter, chapters)
  return next !== undefined && !isEpisodeLocked(next, chapters, viewer)
}
