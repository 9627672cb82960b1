/**
 * The studio's page uploader: the order files are put in, moves within it, and what is left to send.
 * The kit's uploader and the site's admin follow these; the server keeps the order it is given.
 */

let fileNameCollator: Intl.Collator | undefined

/**
 * Natural file-name order: runs of digits compare as numbers, so `page-2` comes before `page-10`, and
 * case does not separate `Page-3` from `page-3`.
 * @example ['page-10.png', 'page-2.png'].sort(compareFileNames) // ['page-2.png', 'page-10.png']
 */
export function compareFileNames(a: string, b: string): number {
  fileNameCollator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
  return fileNameCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)
}

/** Files (or anything with a `name`) in natural file-name order; the list given is left as it was. */
export function inFileNameOrder<T extends { name: string }>(files: readonly T[]): T[] {
  return [...files].sort((a, b) => compareFileNames(a.name, b.name))
}

/**
 * The list with the item at `from` moved to `to` (both clamped to the list); the list given is left
 * as it was.
 * @example movedTo(['a', 'b', 'c'], 2, 0) // ['c', 'a', 'b']
 */
export function movedTo<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items]
  if (from < 0 || from >= items.length) return moved
  const target = Math.min(Math.max(to, 0), items.length - 1)
  const [item] = moved.splice(from, 1)
  moved.splice(target, 0, item as T)
  return moved
}

/** Where one file of an upload stands. */
export type PageUploadStatus = 'queued' | 'uploading' | 'done' | 'failed'

/** What the progress rules need of one file of an upload. */
export interface PageUploadProgressItem {
  status: PageUploadStatus
  /** Bytes of the file. */
  size: number
  /** Bytes sent so far while it uploads. */
  sent?: number
}

/** The whole episode's upload: bytes sent of all, and how many files are done or failed. */
export interface EpisodeUploadProgress {
  sentBytes: number
  totalBytes: number
  /** 0 to 100, whole. */
  percent: number
  done: number
  failed: number
  total: number
}

/**
 * The progress of a whole episode: a finished file counts whole, one on its way counts what was sent,
 * a failed or queued one nothing (it is sent again whole).
 */
export function episodeUploadProgress(items: readonly PageUploadProgressItem[]): EpisodeUploadProgress {
  let sentBytes = 0
  let totalBytes = 0
  let done = 0
  let failed = 0
  for (const item of items) {
    totalBytes += item.size
    if (item.status === 'done') {
      sentBytes += item.size
      done += 1
    } else if (item.status === 'uploading') {
      sentBytes += Math.min(item.sent ?? 0, item.size)
    } else if (item.status === 'failed') {
      failed += 1
    }
  }
  const percent = totalBytes === 0 ? (items.length > 0 && done === items.length ? 100 : 0) : Math.floor((sentBytes / totalBytes) * 100)
  return { sentBytes, totalBytes, percent, done, failed, total: items.length }
}

/** The files an upload (or its retry) still has to send: never one that finished. */
export function pagesToSend<T extends { status: PageUploadStatus }>(items: readonly T[]): T[] {
  return items.filter((item) => item.status === 'queued' || item.status === 'failed')
}
