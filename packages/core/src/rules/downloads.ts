import { canReadUncensored } from './access'
import { episodePosition, isEpisodeLocked, type EpisodeRef, type Viewer } from './episodes'

/** How many episodes 'Download the next 3' saves after the one being read. */
export const NEXT_DOWNLOADS = 3

/** Why an episode may not be downloaded now: it is locked for the reader, or it is the uncensored edition without the level for it. */
export type DownloadRefusal = 'locked' | 'uncensored'

/**
 * Whether `viewer` may download an episode now, and if not why: exactly when they may open it now (core's
 * lock rule), the uncensored edition only with uncensored access (an active level above 2, spec §6).
 * @example downloadRefusal({ id: 'c4', chapterNumber: 4 }, chapters, { signedIn: true, level: 0 }, { uncensored: false }) // 'locked'
 */
export function downloadRefusal(
  chapter: EpisodeRef,
  chapters: readonly EpisodeRef[],
  viewer: Viewer,
  edition: { uncensored: boolean },
): DownloadRefusal | null {
  if (isEpisodeLocked(chapter, chapters, viewer)) return 'locked'
  if (edition.uncensored && !canReadUncensored(viewer.level)) return 'uncensored'
  return null
}

/** True when {@link downloadRefusal} has no objection. */
export function mayDownloadEpisode(chapter: EpisodeRef, chapters: readonly EpisodeRef[], viewer: Viewer, edition: { uncensored: boolean }): boolean {
  return downloadRefusal(chapter, chapters, viewer, edition) === null
}

/**
 * What 'Download the next 3' saves: up to {@link NEXT_DOWNLOADS} episodes following `chapter` by chapter
 * number, stopping at the first the reader may not download (an episode past a locked one is not offered).
 */
export function nextEpisodesToDownload<T extends EpisodeRef>(
  chapter: EpisodeRef,
  chapters: readonly T[],
  viewer: Viewer,
  edition: { uncensored: boolean },
  count: number = NEXT_DOWNLOADS,
): T[] {
  const from = episodePosition(chapter, chapters)
  const following = chapters
    .filter((other) => other.id !== chapter.id && episodePosition(other, chapters) > from)
    .sort((a, b) => a.chapterNumber - b.chapterNumber)
  const next: T[] = []
  for (const candidate of following) {
    if (next.length === count || !mayDownloadEpisode(candidate, chapters, viewer, edition)) break
    next.push(candidate)
  }
  return next
}

/**
 * The downloaded episodes a reader may no longer keep: those they could not download now (a subscription
 * that has ended locks its episodes again; uncensored ones need the level still). Checked when online,
 * with the reader's current subscription.
 */
export function downloadsToRemove<T extends { chapter: EpisodeRef; chapters: readonly EpisodeRef[]; uncensored: boolean }>(
  downloads: readonly T[],
  viewer: Viewer,
): T[] {
  return downloads.filter((download) => !mayDownloadEpisode(download.chapter, download.chapters, viewer, { uncensored: download.uncensored }))
}
