import { useMemo } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { newEpisodes, newEpisodesSince, type Chapter, type Follow } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'
import { useReadingProgress } from './useReadingProgress'
import { useSession } from './useSession'

const NO_FOLLOWS: readonly Follow[] = []
const NO_IDS: ReadonlySet<string> = new Set()

/**
 * The comics the signed-in reader follows (GET /me/follows), each with its episodes new since they last
 * read it; skipped for a guest. Asked again after each sync of the reading progress.
 * @example
 * const { follows } = useFollows()
 * follows.map((follow) => `${follow.title}: ${follow.newEpisodes} new`)
 */
export function useFollows() {
  const { api, siteMode } = useComicsContext('useFollows')
  const { signedIn, user } = useSession()
  const query = useQuery({
    queryKey: queryKeys.follows(siteMode, user?.uid ?? null),
    queryFn: async ({ signal }) => (await api.follows.list({ signal })).data,
    enabled: signedIn,
  })
  return {
    follows: signedIn ? (query.data ?? NO_FOLLOWS) : NO_FOLLOWS,
    isPending: signedIn && query.isPending,
    error: signedIn ? query.error : null,
    refetch: query.refetch,
  }
}

/**
 * Following one comic: whether the reader follows it, and `toggle` to follow or unfollow (the follows
 * are asked again after either). A failed change is `error`; the button stays as it was, to press again.
 * @example
 * const { following, toggle, isChanging } = useFollowComic(comicId)
 */
export function useFollowComic(comicId: string) {
  const { api, siteMode } = useComicsContext('useFollowComic')
  const { user } = useSession()
  const queryClient = useQueryClient()
  const { follows, isPending, error: loadError } = useFollows()
  const following = follows.some((follow) => follow.comicId === comicId)
  const mutation = useMutation({
    mutationFn: async (follow: boolean) => {
      if (follow) await api.follows.follow(comicId)
      else await api.follows.unfollow(comicId)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.follows(siteMode, user?.uid ?? null) }),
  })
  return {
    following,
    isPending,
    isChanging: mutation.isPending,
    error: mutation.error ?? loadError,
    toggle: () => mutation.mutate(!following),
  }
}

/**
 * The episodes of a followed comic marked NEW: published since the later of following it and last
 * reading it (core `newEpisodesSince`, `newEpisodes`), the last reading being this browser's position or
 * the account's, whichever is later. Empty for a comic not followed, and for a guest.
 */
export function useNewEpisodeIds(comicId: string, chapters: readonly Chapter[]): ReadonlySet<string> {
  const { follows } = useFollows()
  const { progress } = useReadingProgress(comicId)
  const follow = follows.find((candidate) => candidate.comicId === comicId)
  const localReadAt = progress?.updatedAt
  return useMemo(() => {
    if (!follow) return NO_IDS
    const lastReadAt = Math.max(follow.lastReadAt ?? 0, localReadAt ?? 0)
    const since = newEpisodesSince(follow.followedAt, lastReadAt || null)
    return new Set(newEpisodes(chapters, since, Date.now()).map((chapter) => chapter.id))
  }, [follow, localReadAt, chapters])
}
