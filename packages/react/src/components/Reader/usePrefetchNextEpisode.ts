import { useCallback, useRef, type RefObject } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { AssetVariantName } from '@comics/core'
import { prefetchEpisode, useApi, useSession } from '../../hooks'

/** How far through the episode (bottom of the viewport over the strip's height) the next one is fetched. */
export const PREFETCH_AT = 0.7

/**
 * Near the end of an episode, loads the next episode's page list into the query cache and its first
 * page into the browser cache, so Next opens at once. `nextChapterId` is null when there is no next
 * episode the viewer may open (core `canGoNext`). Returns the check to run on scroll and on render.
 */
export function usePrefetchNextEpisode(
  scroller: RefObject<HTMLElement | null>,
  query: { comicId: string; nextChapterId: string | null; variant: AssetVariantName },
) {
  const queryClient = useQueryClient()
  const api = useApi()
  const { user } = useSession()
  const viewerId = user?.uid ?? null
  const done = useRef<string | null>(null)
  const { comicId, nextChapterId, variant } = query

  return useCallback(() => {
    const element = scroller.current
    if (!element || !nextChapterId) return
    const key = `${comicId}/${nextChapterId}/${variant}/${viewerId ?? ''}`
    // Nothing laid out yet (no height): too early to tell where the end is.
    if (done.current === key || element.scrollHeight <= 0) return
    if (element.scrollTop + element.clientHeight < element.scrollHeight * PREFETCH_AT) return
    done.current = key
    void prefetchEpisode(queryClient, api, { comicId, chapterId: nextChapterId, variant }, viewerId).then((assets) => {
      const first = assets?.[0]
      if (!first) return
      const image = new Image()
      image.decoding = 'async'
      image.src = first.url
    })
  }, [scroller, comicId, nextChapterId, variant, viewerId, queryClient, api])
}
