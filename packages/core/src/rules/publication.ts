/**
 * Scheduled releases: an episode has a publish time. `null` is a draft, a time in the future is
 * scheduled, a time now or past is published. Until it is published an episode is invisible to readers
 * (lists, counts, the reader, Next) and the free and locked rules count published episodes only.
 * A chapter without the field (a server before scheduled releases) is published.
 */
export interface Publishable {
  /** ISO timestamp; `null` for a draft. */
  publishAt?: string | null
}

export type PublicationStatus = 'draft' | 'scheduled' | 'published'

/** Milliseconds of an ISO publish time, `null` for a draft or an unreadable time (never published). */
function publishTime(chapter: Publishable): number | null | undefined {
  if (chapter.publishAt === undefined) return undefined
  if (chapter.publishAt === null) return null
  const time = Date.parse(chapter.publishAt)
  return Number.isNaN(time) ? null : time
}

/**
 * Where an episode stands at `now`: a draft (no publish time), scheduled (a time still to come) or
 * published.
 * @example publicationStatus({ publishAt: '2030-01-01T00:00:00Z' }, new Date('2029-12-31')) // 'scheduled'
 */
export function publicationStatus(chapter: Publishable, now: Date): PublicationStatus {
  const time = publishTime(chapter)
  if (time === undefined) return 'published'
  if (time === null) return 'draft'
  return time <= now.getTime() ? 'published' : 'scheduled'
}

/** Whether readers may see the episode at `now` (see {@link publicationStatus}). */
export function isPublished(chapter: Publishable, now: Date): boolean {
  return publicationStatus(chapter, now) === 'published'
}

/**
 * The episodes readers may see at `now`, in the order given: what the episode rules (free, locked, Next,
 * counts) are applied to.
 */
export function publishedEpisodes<T extends Publishable>(chapters: readonly T[], now: Date): T[] {
  return chapters.filter((chapter) => isPublished(chapter, now))
}

/** The earliest publish time after `now` among the episodes, or `null` when none is scheduled. */
export function nextPublication(chapters: readonly Publishable[], now: Date): Date | null {
  let next: number | null = null
  for (const chapter of chapters) {
    const time = publishTime(chapter)
    if (typeof time === 'number' && time > now.getTime() && (next === null || time < next)) next = time
  }
  return next === null ? null : new Date(next)
}

/**
 * The latest publish time at or before `now` among the episodes: when the comic was last updated, as its
 * page says. `null` when no episode carries a publish time (a server before scheduled releases).
 * @example latestPublication([{ publishAt: '2026-01-02T00:00:00Z' }, { publishAt: null }], now) // 2026-01-02
 */
export function latestPublication(chapters: readonly Publishable[], now: Date): Date | null {
  let latest: number | null = null
  for (const chapter of chapters) {
    const time = publishTime(chapter)
    if (typeof time === 'number' && time <= now.getTime() && (latest === null || time > latest)) latest = time
  }
  return latest === null ? null : new Date(latest)
}
