import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { ComicsApi, SiteMode, Transcript } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'
import { useSession } from './useSession'

/**
 * The query of an episode's transcript, shared by {@link useEpisodeTranscript} and the episode download
 * (which saves it beside the pages). `null` when the episode has none.
 */
export function episodeTranscriptQueryOptions(api: ComicsApi, siteMode: SiteMode, chapterId: string, viewerId: string | null) {
  return queryOptions({
    queryKey: queryKeys.transcript(siteMode, chapterId, viewerId),
    queryFn: async ({ signal }): Promise<Transcript | null> => (await api.transcripts.ofEpisode(chapterId, { signal })) ?? null,
  })
}

/**
 * An episode's transcript (its dialogue, narration, descriptions and sounds by page), asked for only
 * while `enabled`: a reader who never opens the Transcript does not download it. A locked episode fails
 * as its pages do (`ApiError` 401 or 403).
 * @example
 * const transcript = useEpisodeTranscript(chapterId, { enabled: transcriptOpen })
 */
export function useEpisodeTranscript(chapterId: string, { enabled = true }: { enabled?: boolean } = {}): UseQueryResult<Transcript | null> {
  const { api, siteMode } = useComicsContext('useEpisodeTranscript')
  const { user } = useSession()
  return useQuery({ ...episodeTranscriptQueryOptions(api, siteMode, chapterId, user?.uid ?? null), enabled: enabled && chapterId !== '' })
}
