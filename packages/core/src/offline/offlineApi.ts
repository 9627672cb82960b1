import type { ComicsApi } from '../api/createComicsApi'
import { NetworkError } from '../api/errors'
import type { EpisodeAssetsQuery } from '../api/presets'
import type { Comic } from '../contract/entities'
import type { ComicsListRequest } from '../contract/requests'
import type { DownloadStore, DownloadedEpisode } from './downloadStore'

/** The downloaded comics, newest download first, each once. */
export function downloadedComics(episodes: readonly DownloadedEpisode[]): Comic[] {
  const comics = new Map<string, Comic>()
  for (const episode of [...episodes].reverse()) if (!comics.has(episode.comic.id)) comics.set(episode.comic.id, episode.comic)
  return [...comics.values()]
}

/** The comics of a list request answered from downloads: of the ids it names, or all of them. */
function comicsOf(request: ComicsListRequest, episodes: readonly DownloadedEpisode[]): Comic[] {
  const ids = request.filters?.id
  const comics = downloadedComics(episodes)
  return ids?.length ? comics.filter((comic) => ids.includes(comic.id)) : comics
}

/**
 * `api` with the reads a reader needs answered from the downloads when the network is not there (a
 * `NetworkError` with no answer; never a server's refusal): the comics list (downloaded comics), a
 * comic's episodes (as they were when an episode was downloaded), a downloaded episode's pages and its
 * transcript.
 * Anything else fails as it would: the site says it needs a connection.
 * @example
 * const api = withOfflineDownloads(createComicsApi({ baseUrl: '/api/v1', siteMode }), downloads)
 */
export function withOfflineDownloads(api: ComicsApi, downloads: DownloadStore): ComicsApi {
  const offline = async <T>(online: () => Promise<T>, fromDownloads: (episodes: readonly DownloadedEpisode[]) => T | undefined): Promise<T> => {
    try {
      return await online()
    } catch (error) {
      if (!(error instanceof NetworkError) || error.code === 'aborted') throw error
      await downloads.load()
      const answer = fromDownloads(downloads.getSnapshot().episodes)
      if (answer === undefined) throw error
      return answer
    }
  }
  type ComicsAnswer = Awaited<ReturnType<ComicsApi['comics']['list']>>
  type ChaptersAnswer = Awaited<ReturnType<ComicsApi['chapters']['ofComic']>>
  type AssetsAnswer = Awaited<ReturnType<ComicsApi['assets']['ofEpisode']>>
  const list: ComicsApi['comics']['list'] = (request, callOptions) =>
    offline(
      () => api.comics.list(request, callOptions),
      (episodes) => (episodes.length ? ({ data: comicsOf(request, episodes) } as ComicsAnswer) : undefined),
    )
  return {
    ...api,
    comics: {
      ...api.comics,
      list,
      home: (callOptions) => offline(() => api.comics.home(callOptions), (episodes) => (episodes.length ? ({ data: downloadedComics(episodes) } as ComicsAnswer) : undefined)),
    },
    chapters: {
      ...api.chapters,
      ofComic: (comicId, callOptions) =>
        offline(
          () => api.chapters.ofComic(comicId, callOptions),
          (episodes) => {
            const latest = [...episodes].reverse().find((episode) => episode.comic.id === comicId)
            return latest ? ({ data: [...latest.chapters] } as ChaptersAnswer) : undefined
          },
        ),
    },
    assets: {
      ...api.assets,
      ofEpisode: (query: EpisodeAssetsQuery, callOptions) =>
        offline(
          () => api.assets.ofEpisode(query, callOptions),
          () => {
            const episode = downloads.find(query.comicId, query.chapterId, query.variant)
            return episode ? ({ data: [...episode.assets] } as AssetsAnswer) : undefined
          },
        ),
    },
    transcripts: {
      ...api.transcripts,
      // Any edition's download of the episode holds its transcript; without one kept, it fails as any
      // read does offline.
      ofEpisode: (chapterId, callOptions) =>
        offline(
          () => api.transcripts.ofEpisode(chapterId, callOptions),
          (episodes) => episodes.find((episode) => episode.chapter.id === chapterId && episode.transcript)?.transcript ?? undefined,
        ),
    },
  }
}
