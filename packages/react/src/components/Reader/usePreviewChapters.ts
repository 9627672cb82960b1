import { useQuery } from '@tanstack/react-query'
import { sortEpisodes, type Chapter } from '@comics/core'
import { queryKeys, useApi } from '../../hooks'

/**
 * Every episode of a comic, drafts and scheduled ones too (admin only: `api.chapters.allOfComic`), for
 * the reader's preview; nothing is fetched unless `enabled`. Kept under the readers' key of the comic's
 * episodes, so whatever refreshes those refreshes these.
 */
export function usePreviewChapters(comicId: string, enabled: boolean): Chapter[] | undefined {
  const api = useApi()
  return useQuery({
    queryKey: [...queryKeys.chapters(comicId), 'unpublished'],
    queryFn: async ({ signal }) => sortEpisodes((await api.chapters.allOfComic(comicId, { signal })).data),
    enabled,
  }).data
}
