import { useCallback, useRef, type RefObject } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { AssetVariantName } from '@comics/core'
import { prefetchEpisode, useApi, useSession } from '../../hooks'
import { pageImageSources } from './ReaderPage'

/** How far through the episode (bottom of the viewport over the strip's height) the next one is fetched. */
export const PREFETCH_AT = 0.7

/**
 * Near the end of an episode, loads the next episode's page list into the query cache and its first
 * page into the browser's cache, decoded, so Next paints it at once. `nextChapterId` is null when there
 * is no next episode the viewer may open (core `canGoNext`). Nothing is fetched before `ready` (this
 * episode's pages are laid out and its first page has arrived): until then the strip's height says
 * nothing about its end, and a prefetch would take bandwidth from the page the reader is waiting for.
 * Returns the check to run on scroll and on render.
 */
export function usePrefetchNextEpisode(
  scroller: RefObject<HTMLElement | null>,
  query: { comicId: string; nextChapterId: string | null; variant: AssetVariantName; ready: boolean; sizes?: string },
) {
  const queryClient = useQueryClient()
  const api = useApi()
  const { user } = useSession()
  const viewerId = user?.uid ?? null
  const done = useRef<string | null>(null)
  const { comicId, nextChapterId, variant, ready, sizes: pageSizes } = query

  return useCallback(() => {
    const element = scroller.current
    if (!element || !nextChapterId || !ready) return
    const key = `${comicId}/${nextChapterId}/${variant}/${viewerId ?? ''}`
    // Nothing laid out yet (no height): too early to tell where the end is.
    if (done.current === key || element.scrollHeight <= 0) return
    if (element.scrollTop + element.clientHeight < element.scrollHeight * PREFETCH_AT) return
    done.current = key
    void prefetchEpisode(queryClient, api, { comicId, chapterId: nextChapterId, variant }, viewerId).then((assets) => {
      // A tall page's first tile: what the page shows first.
      const first = assets?.[0]?.tiles?.[0] ?? assets?.[0]
      if (!first) return
      const image = new Image()
      image.decoding = 'async'
      // sizes and srcset before src: the browser picks the file the page's <img> will pick.
      const { src, srcSet, sizes } = pageImageSources(first, 0, pageSizes)
      if (srcSet && sizes) {
        image.sizes = sizes
        image.srcset = srcSet
      }
      image.src = src
      // Decoded ahead: the page's <img> shares the decoded image, so Next skips the decode too.
      if (typeof image.decode === 'function') image.decode().catch(() => undefined)
    })
  }, [scroller, comicId, nextChapterId, variant, viewerId, ready, pageSizes, queryClient, api])
}
