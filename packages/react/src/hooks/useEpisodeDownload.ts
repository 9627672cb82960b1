import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { assetVariant, downloadKey, downloadRefusal, type Chapter, type Comic, type DownloadProgress } from '@comics/core'
import { episodeAssetsQueryOptions } from './useEpisodeAssets'
import { episodeTranscriptQueryOptions } from './useEpisodeTranscript'
import { useChapters } from './useChapters'
import { useComic } from './useComic'
import { useComicsContext } from './useComicsContext'
import { useDownloads } from './useDownloads'
import { useSession } from './useSession'
import { useViewer, type ViewerState } from './useViewer'

/**
 * Where an episode's download stands: 'unavailable' while what decides is loading or where the browser
 * cannot keep episodes; 'locked' when the reader may not download it now (core `downloadRefusal`).
 */
export type EpisodeDownloadState = 'unavailable' | 'locked' | 'idle' | 'saving' | 'downloaded' | 'failed'

export interface EpisodeDownloadHandle {
  state: EpisodeDownloadState
  /**
   * 'unavailable' only while what decides is loading (the stored downloads, which a server render and the
   * hydration never read; the comic, its episodes, the viewer): the answer may still be 'idle'.
   */
  deciding: boolean
  /** Pages saved so far while saving. */
  progress: DownloadProgress | undefined
  /** Why the last download failed (core `DownloadError`, or the pages' list call's error). */
  error: unknown
  download(): Promise<void>
  remove(): Promise<void>
}

/** What the episode download of `chapter` needs from the comic, known once both have loaded. */
export interface EpisodeDownloadTarget {
  comicId: string
  chapterId: string
  /** The uncensored edition (needs uncensored access). */
  uncensored?: boolean
}

/** Saves an episode's pages, its transcript (when it has one) and record, fetching them as the reader does. */
export function useSaveEpisode() {
  const { api, stores, siteMode } = useComicsContext('useSaveEpisode')
  const queryClient = useQueryClient()
  const { user } = useSession()
  return async (comic: Comic, chapter: Chapter, chapters: readonly Chapter[], uncensored: boolean, viewer: ViewerState) => {
    const variant = assetVariant({ mode: siteMode, uncensored })
    const viewerId = user?.uid ?? null
    const [assets, transcript] = await Promise.all([
      queryClient.fetchQuery(episodeAssetsQueryOptions(api, { comicId: comic.id, chapterId: chapter.id, variant }, viewerId)),
      chapter.hasTranscript ? queryClient.fetchQuery(episodeTranscriptQueryOptions(api, siteMode, chapter.id, viewerId)) : null,
    ])
    return stores.downloads.download({ comic, chapter, chapters, uncensored, variant, assets, transcript }, viewer)
  }
}

/**
 * Download (or remove) one episode for offline reading, as the reader may now: a locked episode, or the
 * uncensored edition without uncensored access, is never offered.
 * @example
 * const { state, progress, download } = useEpisodeDownload({ comicId, chapterId })
 */
export function useEpisodeDownload({ comicId, chapterId, uncensored = false }: EpisodeDownloadTarget): EpisodeDownloadHandle {
  const { siteMode } = useComicsContext('useEpisodeDownload')
  const { data: comic } = useComic(comicId)
  const { data: chapters } = useChapters(comicId)
  const viewer = useViewer()
  const downloads = useDownloads()
  const save = useSaveEpisode()
  const [error, setError] = useState<unknown>(null)
  const chapter = chapters?.find((candidate) => candidate.id === chapterId)
  const key = downloadKey({ comic: { id: comicId }, chapter: { id: chapterId }, variant: assetVariant({ mode: siteMode, uncensored }) })
  const progress = downloads.inProgress[key]
  const downloaded = downloads.episodes.some((episode) => downloadKey(episode) === key)

  let state: EpisodeDownloadState
  const deciding = !downloaded && downloads.status !== 'unsupported' && (downloads.status === 'loading' || !comic || !chapters || !chapter || viewer.isPending)
  if (downloads.status !== 'ready' || !comic || !chapters || !chapter || viewer.isPending) state = downloaded ? 'downloaded' : 'unavailable'
  else if (progress) state = 'saving'
  else if (downloaded) state = 'downloaded'
  else if (downloadRefusal(chapter, chapters, viewer, { uncensored })) state = 'locked'
  else state = error ? 'failed' : 'idle'

  return {
    state,
    deciding,
    progress,
    error,
    async download() {
      if (!comic || !chapter || !chapters) return
      setError(null)
      try {
        await save(comic, chapter, chapters, uncensored, viewer)
      } catch (caught) {
        setError(caught)
      }
    },
    remove: () => downloads.remove(key),
  }
}
