import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import type { Asset, AssetVariant, Transcript, TranscriptEntry } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'

/** The episode (and, for alt text, the variant) the studio writes for. */
export interface EpisodeAccessibilityTarget {
  comicId: string
  chapterId: string
  variant: AssetVariant
}

/**
 * Saves the alt text of an episode's pages in one variant (admin; `null` or '' removes one). On success the
 * episode's page lists are asked again, so the reader shows the new names.
 * @example
 * const save = useSavePageAlt({ comicId, chapterId, variant: 'censored' })
 * save.mutate([{ assetId: '9', alt: 'Two brothers on a coastal road at dawn.' }])
 */
export function useSavePageAlt(target: EpisodeAccessibilityTarget): UseMutationResult<Asset[], Error, readonly { assetId: string; alt: string | null }[]> {
  const { api } = useComicsContext('useSavePageAlt')
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (pages) => (await api.assets.setAlt({ ...target, pages })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['comics-kit', 'assets', target.comicId, target.chapterId] }),
  })
}

/**
 * Saves an episode's whole transcript (admin; no entries removes it). On success its transcript and the
 * comic's episodes (their `hasTranscript`) are asked again.
 * @example
 * const save = useSaveTranscript({ comicId, chapterId })
 * save.mutate([{ page: 1, kind: 'dialogue', speaker: 'Theo', text: 'You came.' }])
 */
export function useSaveTranscript(target: Pick<EpisodeAccessibilityTarget, 'comicId' | 'chapterId'>): UseMutationResult<Transcript | undefined, Error, readonly TranscriptEntry[]> {
  const { api } = useComicsContext('useSaveTranscript')
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (entries) => (await api.transcripts.save({ ...target, entries: [...entries] })).data[0],
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['comics-kit', 'transcript'], predicate: (query) => query.queryKey[3] === target.chapterId }),
        queryClient.invalidateQueries({ queryKey: queryKeys.chapters(target.comicId) }),
      ])
    },
  })
}
