// Its own module, free of imports: the contract's schemas take these bounds from here.

/** The longest alt text of one page image: a few sentences, read whole by a screen reader. */
export const PAGE_ALT_MAX_LENGTH = 500

/**
 * What an entry of an episode's transcript is: a character's words (`dialogue`, with its `speaker`), a
 * narrator's box (`narration`), what a panel shows (`description`) or a sound effect (`sound`).
 */
export const TRANSCRIPT_ENTRY_KINDS = ['dialogue', 'narration', 'description', 'sound'] as const
export type TranscriptEntryKind = (typeof TRANSCRIPT_ENTRY_KINDS)[number]

/** The longest text of one entry. */
export const TRANSCRIPT_TEXT_MAX_LENGTH = 2000
/** The longest speaker's name. */
export const TRANSCRIPT_SPEAKER_MAX_LENGTH = 80
/** The most entries one episode's transcript holds (four per page of the longest episode). */
export const TRANSCRIPT_ENTRIES_MAX = 2000

/** One entry of a transcript, as the rules read it (the contract's `TranscriptEntry`). */
export interface TranscriptEntryLike {
  page: number
  kind: TranscriptEntryKind
  speaker?: string | undefined
  text: string
}

/**
 * A transcript's entries grouped by page, pages in reading order and each page's entries in the order
 * they were written: what a Transcript view shows under one heading per page. Entries are kept in the
 * order they were given within a page (the creator's reading order of the panels).
 * @example
 * transcriptPages([{ page: 2, kind: 'sound', text: 'BANG' }, { page: 1, kind: 'narration', text: 'Dawn.' }])
 * // [{ page: 1, entries: [narration] }, { page: 2, entries: [sound] }]
 */
export function transcriptPages<T extends TranscriptEntryLike>(entries: readonly T[]): { page: number; entries: T[] }[] {
  const pages = new Map<number, T[]>()
  for (const entry of entries) {
    const list = pages.get(entry.page)
    if (list) list.push(entry)
    else pages.set(entry.page, [entry])
  }
  return [...pages.entries()].sort(([a], [b]) => a - b).map(([page, list]) => ({ page, entries: list }))
}

/** An alt text as it is kept: trimmed, and none when nothing is left (the reader then says "Page n of m"). */
export function normalizedPageAlt(alt: string | null | undefined): string | null {
  const trimmed = alt?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}
