import { useEffect, useRef } from 'react'
import { useComicsContext } from './useComicsContext'

/**
 * Calls `callback` each time the auth modal closes: the reader refetches the assets then (spec §4
 * "Closing the modal in the reader refetches the assets").
 * @example
 * const assets = useEpisodeAssets({ comicId, chapterId, variant })
 * useOnAuthModalClose(() => void assets.refetch())
 */
export function useOnAuthModalClose(callback: () => void): void {
  const { authModal } = useComicsContext('useOnAuthModalClose')
  const latest = useRef(callback)
  useEffect(() => {
    latest.current = callback
  })
  useEffect(() => authModal.onClose(() => latest.current()), [authModal])
}
