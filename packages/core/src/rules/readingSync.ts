/**
 * Reading progress across devices and followed series: which of two positions in a comic wins, and which
 * episodes came out since the reader last read a comic. Pure: the stores, the API server and the kit
 * all decide with these.
 */

/** A position in one comic with the time it was recorded (milliseconds since the epoch). */
export interface TimedPosition {
  comicId: string
  chapterId: string
  chapterTitle: string
  page?: number
  offset?: number
  updatedAt: number
}

/** Most positions one sync call carries, and most a reader's account keeps (the most recent ones). */
export const PROGRESS_SYNC_LIMIT = 100

/**
 * Merges lists of positions per comic: the latest change wins, so an offline or older device never
 * overwrites newer progress. On a tie the position of the earlier list wins (pass the one to keep first).
 * Answers one position per comic, most recent first.
 * @example
 * mergeReadingProgress(local, remote) // the local page 30 of 12:05 beats the account's page 22 of 12:01
 */
export function mergeReadingProgress<T extends TimedPosition>(...lists: readonly (readonly T[])[]): T[] {
  const winners = new Map<string, T>()
  for (const list of lists) {
    for (const position of list) {
      const kept = winners.get(position.comicId)
      if (!kept || position.updatedAt > kept.updatedAt) winners.set(position.comicId, position)
    }
  }
  return [...winners.values()].sort((a, b) => b.updatedAt - a.updatedAt)
}

/** Whether `candidate` would replace `current` in a merge (it is newer, or there is nothing yet). */
export function isNewerPosition(candidate: Pick<TimedPosition, 'updatedAt'>, current: Pick<TimedPosition, 'updatedAt'> | undefined): boolean {
  return !current || candidate.updatedAt > current.updatedAt
}

/**
 * From when a followed comic's episodes count as new: the later of when it was followed and when the
 * reader last read it (milliseconds; `lastReadAt` undefined or null when never read).
 */
export function newEpisodesSince(followedAt: number, lastReadAt?: number | null): number {
  return Math.max(followedAt, lastReadAt ?? 0)
}

/**
 * The episodes that came out after `since` (see {@link newEpisodesSince}) and by `now`: marked NEW in
 * the list until the reader reads the comic again. An episode without a publish time (from a server
 * before scheduled releases, or a draft) is never new.
 * @example
 * newEpisodes(chapters, newEpisodesSince(follow.followedAt, follow.lastReadAt), Date.now()).length // 1
 */
export function newEpisodes<C extends { publishAt?: string | null }>(chapters: readonly C[], since: number, now: number): C[] {
  return chapters.filter((chapter) => {
    if (!chapter.publishAt) return false
    const at = Date.parse(chapter.publishAt)
    return at > since && at <= now
  })
}

/** How far into an episode a saved position is, as the account's LAST READ shows it. */
export interface EpisodeProgress {
  /** The page in view, counted from 1. */
  page: number
  /** The episode's pages, when known. */
  pageCount?: number
  /** Share of the episode read, 0 to 1, when the page count is known. */
  share?: number
}

/**
 * The progress of a saved position: its zero-based `page` as a page number, and with the episode's page
 * count the share read (the page in view counts as read; a page past the end, after an edit, counts as the last).
 * @example episodeProgress(11, 40) // { page: 12, pageCount: 40, share: 0.3 }
 */
export function episodeProgress(page: number | undefined, pageCount?: number): EpisodeProgress {
  const number = Math.max(0, Math.floor(page ?? 0)) + 1
  if (!pageCount || pageCount < 1) return { page: number }
  const clamped = Math.min(number, pageCount)
  return { page: clamped, pageCount, share: clamped / pageCount }
}
