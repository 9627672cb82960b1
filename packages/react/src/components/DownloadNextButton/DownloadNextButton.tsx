import { useState } from 'react'
import { assetVariant, downloadKey, NEXT_DOWNLOADS, nextEpisodesToDownload } from '@comics/core'
import { useChapters, useComic, useDownloads, useLocale, useMessages, useSaveEpisode, useSiteMode, useViewer, type EpisodeDownloadTarget } from '../../hooks'
import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { downloadFailureMessage } from '../DownloadButton/downloadFailure'

export type DownloadNextButtonProps = EpisodeDownloadTarget & { className?: string }

/**
 * 'Download the next 3': the episodes after this one that the reader may download now (core
 * `nextEpisodesToDownload`: it stops at a locked one), one after another, 'Saving episode 2 of 3' meanwhile.
 * Shown only while one of them is not downloaded yet.
 * @example
 * <DownloadNextButton comicId={comicId} chapterId={chapterId} />
 */
export function DownloadNextButton({ comicId, chapterId, uncensored = false, className }: DownloadNextButtonProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const locale = useLocale()
  const mode = useSiteMode()
  const { data: comic } = useComic(comicId)
  const { data: chapters } = useChapters(comicId)
  const viewer = useViewer()
  const downloads = useDownloads()
  const save = useSaveEpisode()
  const [saving, setSaving] = useState<number | null>(null)
  const [error, setError] = useState<unknown>(null)
  const chapter = chapters?.find((candidate) => candidate.id === chapterId)
  if (!comic || !chapters || !chapter || viewer.isPending || downloads.status !== 'ready') return null
  const variant = assetVariant({ mode, uncensored })
  const next = nextEpisodesToDownload(chapter, chapters, viewer, { uncensored })
  const kept = new Set(downloads.episodes.map(downloadKey))
  const missing = next.filter((episode) => !kept.has(downloadKey({ comic, chapter: episode, variant })))
  if (missing.length === 0 && saving === null) return null

  const downloadNext = async () => {
    setError(null)
    try {
      for (const [index, episode] of missing.entries()) {
        setSaving(index + 1)
        await save(comic, episode, chapters, uncensored, viewer)
      }
    } catch (caught) {
      setError(caught)
    } finally {
      setSaving(null)
    }
  }
  return (
    <div className={className ? `comics-download comics-download--next ${className}` : 'comics-download comics-download--next'} data-state={saving ? 'saving' : error ? 'failed' : 'idle'}>
      <button type="button" className="comics-button comics-download__button" data-variant="ghost" disabled={saving !== null} aria-busy={saving !== null || undefined} onClick={() => void downloadNext()}>
        {saving
          ? formatMessage(messages['download.nextSaving'], { n: saving, count: missing.length }, locale)
          : formatMessage(messages['download.next'], { count: NEXT_DOWNLOADS }, locale)}
      </button>
      {error !== null && saving === null && (
        <p role="alert" className="comics-download__error">
          {downloadFailureMessage(messages, error)}
        </p>
      )}
    </div>
  )
}
