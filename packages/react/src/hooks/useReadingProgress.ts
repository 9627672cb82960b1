import { useSyncExternalStore } from 'react'
import type { ProgressSnapshot, ReadingHistoryEntry, ReadingPosition } from '@comics/core'
import { SERVER_PROGRESS } from './serverSnapshots'
import { useComicsContext } from './useComicsContext'

export interface ReadingProgressState extends ProgressSnapshot {
  /** The saved position in the given comic, if any. */
  progress: ReadingHistoryEntry | undefined
  /** Records a position: the comic becomes the most recently read (spec §3). */
  record(comicId: string, position: ReadingPosition): void
}

/**
 * Reading progress: last-read comic ids (at most 5), the history, and the position in `comicId`.
 * @example
 * const { progress } = useReadingProgress(comicId)
 * const label = progress ? `Continue reading '${progress.chapterTitle}'` : 'Start Reading'
 */
export function useReadingProgress(comicId?: string | null): ReadingProgressState {
  const { progress: store } = useComicsContext('useReadingProgress').stores
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, SERVER_PROGRESS)
  return {
    ...snapshot,
    progress: comicId ? snapshot.history.find((entry) => entry.comicId === comicId) : undefined,
    record: store.record,
  }
}
