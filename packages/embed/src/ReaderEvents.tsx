import { useEffect, useRef } from 'react'
import { ApiError, assetVariant } from '@comics/core'
import { useAuthModal, useEpisodeAssets, useReadingProgress, useSession, useSiteMode } from '@comics/react'
import { dispatchReaderEvent } from './events'

export interface ReaderEventsProps {
  host: HTMLElement
  comicId: string
  chapterId: string
  uncensored: boolean
}

const refusalOf = (error: unknown): 401 | 403 | null =>
  error instanceof ApiError && (error.status === 401 || error.status === 403) ? error.status : null

/**
 * Turns what the kit's Reader does into the element's events. It reads the same query as the Reader
 * (same key, one request), the reading progress and the auth modal; it renders nothing.
 */
export function ReaderEvents({ host, comicId, chapterId, uncensored }: ReaderEventsProps) {
  const { signedIn } = useSession()
  const assets = useEpisodeAssets({ comicId, chapterId, variant: assetVariant({ mode: useSiteMode(), uncensored }) })

  // `locked`: once per refusal of an episode to a viewer (a new sign-in that is refused again tells again).
  const announced = useRef<string | null>(null)
  const status = refusalOf(assets.error)
  useEffect(() => {
    const key = `${comicId}/${chapterId}/${signedIn}`
    if (status === null) {
      if (assets.data) announced.current = null
      return
    }
    if (announced.current === key) return
    announced.current = key
    dispatchReaderEvent(host, 'locked', { comicId, chapterId, signedIn, status })
  }, [host, comicId, chapterId, signedIn, status, assets.data])

  // `signin`: the page signs the viewer in, not the kit (it renders no auth modal): hand the request
  // over and close the kit's modal, so that the reader's keyboard stays on.
  const authModal = useAuthModal()
  const { isOpen, mode, closeAuthModal } = authModal
  useEffect(() => {
    if (!isOpen) return
    dispatchReaderEvent(host, 'signin', { mode })
    closeAuthModal()
  }, [host, isOpen, mode, closeAuthModal])

  // `progress`: each position the reader records for this comic (a new entry each time).
  const { progress } = useReadingProgress(comicId)
  const reported = useRef(progress)
  useEffect(() => {
    if (!progress || progress === reported.current) return
    reported.current = progress
    dispatchReaderEvent(host, 'progress', {
      comicId: progress.comicId,
      chapterId: progress.chapterId,
      chapterTitle: progress.chapterTitle,
      page: progress.page ?? 0,
      offset: progress.offset ?? 0,
    })
  }, [host, progress])

  return null
}
