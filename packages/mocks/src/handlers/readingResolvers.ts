import { HttpResponse } from 'msw'
import type { Follow, ReadingProgressEntry } from '@comics/core/contract'
import { isComicShownOn, mergeReadingProgress, newEpisodes, newEpisodesSince, PROGRESS_SYNC_LIMIT } from '@comics/core/rules'
import { errorResponse } from './errorResponse'
import type { MockState } from './mockState'
import type { Resolver, ResolverContext } from './resolverContext'

const progressOf = (state: MockState, userId: string): ReadingProgressEntry[] =>
  (state.readingProgress[userId] ?? []).slice(0, PROGRESS_SYNC_LIMIT)

/** Whether the handlers' host shows the comic (its ratings; on the normal host, mirror comics only). */
function shownOnHost(context: ResolverContext<'followComic' | 'listMyFollows'>, comicId: string): boolean {
  const comic = context.state.comics.find((candidate) => candidate.id === comicId)
  if (!comic) return false
  if (!context.siteMode) return true
  return isComicShownOn(context.siteMode, comic)
}

function followView(context: ResolverContext<'followComic' | 'listMyFollows'>, follow: { comicId: string; followedAt: number }): Follow {
  const { state, viewer, now } = context
  const comic = state.comics.find((candidate) => candidate.id === follow.comicId)!
  const lastReadAt = progressOf(state, viewer.userId!).find((entry) => entry.comicId === follow.comicId)?.updatedAt ?? null
  const fresh = newEpisodes(
    state.chapters.filter((chapter) => chapter.comicsId === follow.comicId).sort((a, b) => a.chapterNumber - b.chapterNumber),
    newEpisodesSince(follow.followedAt, lastReadAt),
    now.getTime(),
  )
  return {
    comicId: comic.id,
    title: comic.title,
    bannerImageUrl: comic.bannerImageUrl,
    followedAt: follow.followedAt,
    lastReadAt,
    newEpisodes: fresh.length,
    newChapterIds: fresh.map((chapter) => chapter.id),
  }
}

/** GET /me/progress: the viewer's positions, most recent first. */
export const listMyProgress: Resolver<'listMyProgress'> = ({ state, viewer }) =>
  HttpResponse.json({ data: progressOf(state, viewer.userId!) })

/**
 * POST /me/progress: merged per comic by the latest change (core `mergeReadingProgress`), a time ahead
 * of the handlers' clock taken as now, positions in unknown comics dropped, as the reference API does.
 */
export const syncMyProgress: Resolver<'syncMyProgress'> = ({ state, viewer, body, now }) => {
  const userId = viewer.userId!
  const known = new Set(state.comics.map((comic) => comic.id))
  const incoming = body.entries
    .filter((entry) => known.has(entry.comicId))
    .map((entry) => ({ ...entry, updatedAt: Math.min(entry.updatedAt, now.getTime()) }))
  state.readingProgress[userId] = mergeReadingProgress(state.readingProgress[userId] ?? [], incoming)
  return HttpResponse.json({ data: progressOf(state, userId) })
}

/** GET /me/follows: the viewer's followed comics the host shows, most recently followed first. */
export const listMyFollows: Resolver<'listMyFollows'> = (context) => {
  const follows = (context.state.follows[context.viewer.userId!] ?? []).filter((follow) => shownOnHost(context, follow.comicId))
  return HttpResponse.json({ data: [...follows].sort((a, b) => b.followedAt - a.followedAt).map((follow) => followView(context, follow)) })
}

/** POST /me/follows: 404 comic_not_found for a comic the host does not show; again, the same follow. */
export const followComic: Resolver<'followComic'> = (context) => {
  const { state, viewer, body, now } = context
  if (!shownOnHost(context, body.comicId)) {
    return errorResponse(404, { code: 'comic_not_found', message: `Comic '${body.comicId}' not found` })
  }
  const follows = (state.follows[viewer.userId!] ??= [])
  let follow = follows.find((candidate) => candidate.comicId === body.comicId)
  if (!follow) follows.push((follow = { comicId: body.comicId, followedAt: now.getTime() }))
  return HttpResponse.json({ data: [followView(context, follow)] })
}

/** DELETE /me/follows/{comicId}: not following it is no error. */
export const unfollowComic: Resolver<'unfollowComic'> = ({ state, viewer, params }) => {
  const userId = viewer.userId!
  state.follows[userId] = (state.follows[userId] ?? []).filter((follow) => follow.comicId !== params.comicId)
  return HttpResponse.json({ data: [{ comicId: params.comicId }] })
}
