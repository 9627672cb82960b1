import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import type { Chapter, ReadingPosition } from '@comics/core'
import { useComicsContext } from '../../hooks/useComicsContext'
import { scheduleIdle } from './scheduleIdle'
import { stripZoom } from './useReaderZoom'

/**
 * The pages of one episode of the strip (a continuous strip holds several, each `[data-episode-id]`), or
 * every page of a strip without episodes marked.
 */
function pagesOfEpisode(scroller: HTMLElement, chapterId: string): NodeListOf<HTMLElement> {
  for (const episode of scroller.querySelectorAll<HTMLElement>('[data-episode-id]')) {
    if (episode.dataset.episodeId === chapterId) return episode.querySelectorAll<HTMLElement>('[data-page-index]')
  }
  return scroller.querySelectorAll<HTMLElement>('[data-page-index]')
}

/**
 * The page of the episode at the top of the viewport and how far into it the reader is, by a binary search
 * on offsets; in the pages' own pixels whatever the zoom.
 */
function positionIn(scroller: HTMLElement, chapterId: string): Pick<ReadingPosition, 'page' | 'offset'> {
  const pages = pagesOfEpisode(scroller, chapterId)
  const top = scroller.scrollTop / stripZoom(scroller)
  let low = 0
  let high = pages.length - 1
  let page = 0
  while (low <= high) {
    const middle = (low + high) >> 1
    if (pages[middle]!.offsetTop <= top) {
      page = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  const found = pages[page]
  const offset = found ? Math.max(0, Math.round(top - found.offsetTop)) : 0
  return { page, offset }
}

/** How long a scroll's position waits before it is measured and kept (further scrolls meanwhile join it). */
const SCROLL_RECORD_MS = 500

export interface ReadingPositionOptions {
  comicId: string
  chapter: Chapter | undefined
  /** The episode's pages are rendered: positions can be measured and restored. */
  ready: boolean
  scroller: RefObject<HTMLElement | null>
  /** Called once each time an episode opens (its pages are in). */
  onOpen(chapter: Chapter): void
  /**
   * Whether an episode that opens goes to its saved position (default true). False in a continuous strip,
   * where the reader scrolled into it: its position is where they are.
   */
  restore?: boolean
}

/**
 * Reading progress of the reader. When an episode opens its position is restored (the exact page and
 * offset saved for this episode, else the top) before paint, and the comic and chapter are recorded
 * (spec §4); while reading, the position is recorded when the browser is idle, never in the way of
 * image loads. The store is written without subscribing: a record does not re-render the reader. In a
 * continuous strip the position is the one in the episode read, among its own pages.
 * Returns the scroll listener that keeps the position.
 */
export function useReadingPosition({ comicId, chapter, ready, scroller, onOpen, restore = true }: ReadingPositionOptions) {
  const { progress } = useComicsContext('Reader').stores
  const openKey = chapter && ready ? `${comicId}/${chapter.id}` : null
  const opened = useRef<string | null>(null)
  const cancelPending = useRef<(() => void) | null>(null)
  const latest = useRef({ comicId, chapter, onOpen, restore })
  // Before the effects below, which read it in the same commit.
  useLayoutEffect(() => {
    latest.current = { comicId, chapter, onOpen, restore }
  })

  const cancel = () => {
    cancelPending.current?.()
    cancelPending.current = null
  }

  // What the pending record writes: a known position (on opening), or undefined to measure the strip.
  const requested = useRef<Pick<ReadingPosition, 'page' | 'offset'> | undefined>(undefined)
  const write = useCallback(() => {
    cancelPending.current = null
    const { comicId, chapter } = latest.current
    const element = scroller.current
    if (!chapter || !element) return
    progress.record(comicId, { chapterId: chapter.id, chapterTitle: chapter.title, ...(requested.current ?? positionIn(element, chapter.id)) })
  }, [progress, scroller])
  const recordLater = useCallback(
    (position?: Pick<ReadingPosition, 'page' | 'offset'>, afterMs = 0) => {
      // A scroll after the opening supersedes its position; one pending record at a time.
      requested.current = position
      if (cancelPending.current) return
      if (afterMs <= 0) {
        cancelPending.current = scheduleIdle(write)
        return
      }
      let cancelIdle: (() => void) | null = null
      const timer = setTimeout(() => {
        cancelIdle = scheduleIdle(write)
      }, afterMs)
      cancelPending.current = () => {
        clearTimeout(timer)
        cancelIdle?.()
      }
    },
    [write],
  )

  // A reader who leaves the page (a link to another document, closing the tab, switching apps on a
  // phone) before the browser was idle would lose the record waiting for it: it is written at once,
  // while the strip is still there to measure.
  useEffect(() => {
    const flush = () => {
      const pending = cancelPending.current
      if (!pending) return
      pending()
      write()
    }
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [write])

  // A position measured after leaving the episode would be wrong: drop what is pending. A layout
  // effect, so that its cleanup runs before the opening below schedules the next record. Forgetting
  // the opened episode lets a remount (StrictMode's included) open it again instead of losing its record.
  useLayoutEffect(
    () => () => {
      cancel()
      opened.current = null
    },
    [openKey],
  )

  useLayoutEffect(() => {
    if (!openKey || opened.current === openKey) return
    opened.current = openKey
    const { comicId, chapter, restore } = latest.current
    if (!chapter) return
    if (!restore) {
      recordLater()
      latest.current.onOpen(chapter)
      return
    }
    const saved = progress.getProgress(comicId)
    const resume = saved?.chapterId === chapter.id ? { page: saved.page ?? 0, offset: saved.offset ?? 0 } : { page: 0, offset: 0 }
    const element = scroller.current
    const target = element && pagesOfEpisode(element, chapter.id)[resume.page]
    if (element && target && (resume.page > 0 || resume.offset > 0)) element.scrollTop = (target.offsetTop + resume.offset) * stripZoom(element)
    recordLater(resume)
    latest.current.onOpen(chapter)
  }, [openKey, progress, recordLater, scroller])

  // While the strip scrolls (by hand or by auto-scroll), the position is measured and kept at most every
  // SCROLL_RECORD_MS, not after every frame's scroll event: each record reads the pages' offsets and
  // writes storage. The last position is kept once the scrolling stops, and at once when the page hides.
  return useCallback(() => {
    if (opened.current !== null && opened.current === openKey) recordLater(undefined, SCROLL_RECORD_MS)
  }, [openKey, recordLater])
}
