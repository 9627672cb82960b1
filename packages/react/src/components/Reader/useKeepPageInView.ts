import { useLayoutEffect, useRef, type RefObject } from 'react'
import type { ReaderSettings } from '@comics/core'
import { useComicsContext } from '../../hooks/useComicsContext'
import { stripZoom } from './useReaderZoom'

/**
 * A point of the strip: a page (its place among all the strip's pages, of every episode of a continuous
 * strip) and how far down it (0 its top, 1 its bottom).
 */
interface Anchor {
  page: number
  fraction: number
}

/** What moves the pages: their width and the gap between them (the background moves nothing). */
export const layoutOf = (settings: ReaderSettings) => `${settings.pageWidth}/${settings.pageGap}`

/** The page at the middle of the viewport and how far down it that middle is (the pages' offsets are unzoomed). */
function anchorIn(scroller: HTMLElement): Anchor | null {
  const pages = scroller.querySelectorAll<HTMLElement>('[data-page-index]')
  if (pages.length === 0) return null
  const middle = (scroller.scrollTop + scroller.clientHeight / 2) / stripZoom(scroller)
  let low = 0
  let high = pages.length - 1
  let page = 0
  while (low <= high) {
    const candidate = (low + high) >> 1
    if (pages[candidate]!.offsetTop <= middle) {
      page = candidate
      low = candidate + 1
    } else {
      high = candidate - 1
    }
  }
  const found = pages[page]!
  const fraction = found.offsetHeight > 0 ? Math.min(1, Math.max(0, (middle - found.offsetTop) / found.offsetHeight)) : 0
  return { page, fraction }
}

/**
 * Keeps the page in view in view when a reader setting changes the layout (page width, gap): the point
 * at the middle of the viewport, as a page and a share of its height, is taken when the setting changes
 * (before the strip is laid out again) and put back at the middle once the new layout is in, before
 * paint, so the strip never shows another place, however the change came (the panel, another tab,
 * another device).
 */
export function useKeepPageInView(scroller: RefObject<HTMLElement | null>, settings: ReaderSettings) {
  const { readerSettings } = useComicsContext('Reader').stores
  const anchor = useRef<Anchor | null>(null)
  const rendered = useRef(layoutOf(settings))

  // The store tells its listeners before React renders the change: the strip still has its old layout.
  useLayoutEffect(
    () =>
      readerSettings.subscribe(() => {
        const element = scroller.current
        if (!element || anchor.current || layoutOf(readerSettings.getSnapshot().settings) === rendered.current) return
        anchor.current = anchorIn(element)
      }),
    [readerSettings, scroller],
  )

  const layout = layoutOf(settings)
  useLayoutEffect(() => {
    if (rendered.current === layout) return
    rendered.current = layout
    const kept = anchor.current
    anchor.current = null
    const element = scroller.current
    const page = kept && element?.querySelectorAll<HTMLElement>('[data-page-index]')[kept.page]
    if (!kept || !element || !page) return
    element.scrollTop = Math.max(0, (page.offsetTop + kept.fraction * page.offsetHeight) * stripZoom(element) - element.clientHeight / 2)
  }, [layout, scroller])
}
