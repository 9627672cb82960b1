import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ComicsApi, CommentSort, CommentThread, EpisodeReactions, ModerationItem, SiteMode } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'
import { useSession } from './useSession'

const NO_THREADS: readonly CommentThread[] = []
const NO_REACTIONS: readonly EpisodeReactions[] = []
const NO_ITEMS: readonly ModerationItem[] = []
/** Threads asked for at once; "Show more" asks for this many more. */
export const COMMENTS_PAGE_SIZE = 20

/**
 * An episode's comments (POST /comments/list) in `sort` order, pinned first, with the writes a reader
 * makes on them: `post` (a comment, or a reply with `parentId`), `edit`, `remove`, `like`, `report`, and
 * an admin's `pin`. Each write asks the list again. Pass `enabled: false` to wait (say, until the
 * episode's pages are shown, so that no page waits on comments).
 * @example
 * const { threads, total, post } = useComments(chapterId, { sort: 'top' })
 * post.mutate({ text: 'Loved it' })
 */
export function useComments(chapterId: string, options: { sort?: CommentSort; enabled?: boolean; limit?: number } = {}) {
  const { api, siteMode } = useComicsContext('useComments')
  const { user } = useSession()
  const queryClient = useQueryClient()
  const sort = options.sort ?? 'top'
  const viewerId = user?.uid ?? null
  const limit = options.limit ?? COMMENTS_PAGE_SIZE
  const query = useQuery({
    queryKey: [...queryKeys.comments(siteMode, viewerId, chapterId, sort), limit],
    queryFn: async ({ signal }) => api.comments.list({ chapterId, sort, limit, offset: 0 }, { signal }),
    enabled: options.enabled ?? true,
  })
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.episodeComments(siteMode, viewerId, chapterId) }),
      queryClient.invalidateQueries({ queryKey: ['comics-kit', 'reactions'] }),
    ])
  const post = useMutation({
    mutationFn: (input: { text: string; spoiler?: boolean; parentId?: string }) => api.comments.create({ chapterId, ...input }),
    onSuccess: refresh,
  })
  const edit = useMutation({
    mutationFn: (input: { id: string; text: string; spoiler?: boolean }) => api.comments.edit(input.id, { text: input.text, spoiler: input.spoiler }),
    onSuccess: refresh,
  })
  const remove = useMutation({ mutationFn: (id: string) => api.comments.delete(id), onSuccess: refresh })
  const like = useMutation({ mutationFn: (input: { id: string; liked: boolean }) => api.comments.like(input.id, input.liked), onSuccess: refresh })
  const report = useMutation({
    mutationFn: (input: { id: string; reason: 'spam' | 'abuse' | 'spoiler' | 'other'; note?: string }) =>
      api.comments.report(input.id, { reason: input.reason, ...(input.note ? { note: input.note } : {}) }),
  })
  const pin = useMutation({ mutationFn: (input: { id: string; pinned: boolean }) => api.comments.pin(input.id, input.pinned), onSuccess: refresh })
  return {
    threads: query.data?.data ?? NO_THREADS,
    total: query.data?.total ?? 0,
    isPending: query.isPending && (options.enabled ?? true),
    error: query.error,
    refetch: query.refetch,
    post,
    edit,
    remove,
    like,
    report,
    pin,
  }
}

/** How long a comic's counts stand before a screen that shows them asks again (the reader's own writes drop them at once). */
const EPISODE_REACTIONS_STALE_MS = 5 * 60_000

/**
 * The query of a comic's comment and like counts per published episode for `viewerId` (null: a guest),
 * as useEpisodeReactions runs it: for a server's render of the comic's page to prefetch. Its answer stands
 * for {@link EPISODE_REACTIONS_STALE_MS}: the reader shows the counts under every episode, and reading on
 * from one episode to the next would otherwise ask for the same comic's counts again every 30 s. A
 * comment, a like or a deletion by the reader drops them (useEpisodeComments, likeEpisode).
 */
export function episodeReactionsQueryOptions(api: ComicsApi, siteMode: SiteMode, comicId: string, viewerId: string | null) {
  return queryOptions({
    queryKey: queryKeys.reactions(siteMode, viewerId, comicId),
    queryFn: async ({ signal }) => (await api.comments.counts(comicId, { signal })).data,
    staleTime: EPISODE_REACTIONS_STALE_MS,
  })
}

/**
 * A comic's comment and like counts per published episode (POST /comments/counts), and `likeEpisode`
 * to like or take back a like of one of them.
 * @example
 * const { byChapter, totals } = useEpisodeReactions(comicId)
 */
export function useEpisodeReactions(comicId: string, options: { enabled?: boolean } = {}) {
  const { api, siteMode } = useComicsContext('useEpisodeReactions')
  const { user } = useSession()
  const queryClient = useQueryClient()
  const { queryKey: key, ...counts } = episodeReactionsQueryOptions(api, siteMode, comicId, user?.uid ?? null)
  const query = useQuery({ queryKey: key, ...counts, enabled: options.enabled ?? true })
  const reactions = query.data ?? NO_REACTIONS
  const likeEpisode = useMutation({
    mutationFn: (input: { chapterId: string; liked: boolean }) => api.comments.likeEpisode(input.chapterId, input.liked),
    onSuccess: (answer) => {
      const updated = answer.data[0]
      if (!updated) return
      queryClient.setQueryData<EpisodeReactions[]>(key, (old) => (old ?? []).map((row) => (row.chapterId === updated.chapterId ? updated : row)))
    },
  })
  return {
    reactions,
    byChapter: new Map(reactions.map((row) => [row.chapterId, row])),
    totals: reactions.reduce((sum, row) => ({ comments: sum.comments + row.comments, likes: sum.likes + row.likes }), { comments: 0, likes: 0 }),
    isPending: query.isPending,
    error: query.error,
    likeEpisode,
  }
}

/** The moderation queue (admin) and what a moderator does: hide, restore, delete, suspend the author. */
export function useCommentModeration() {
  const { api } = useComicsContext('useCommentModeration')
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: queryKeys.commentReports(),
    queryFn: async ({ signal }) => api.comments.reports({ limit: 50, offset: 0 }, { signal }),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.commentReports() })
  const moderate = useMutation({
    mutationFn: (input: { id: string; action: 'hide' | 'restore' | 'delete' }) => api.comments.moderate(input.id, input.action),
    onSuccess: refresh,
  })
  const suspend = useMutation({
    mutationFn: (input: { id: string; days: 1 | 7 | 30 | 365 }) => api.comments.suspendAuthor(input.id, input.days),
    onSuccess: refresh,
  })
  return { items: query.data?.data ?? NO_ITEMS, isPending: query.isPending, error: query.error, refetch: query.refetch, moderate, suspend }
}
