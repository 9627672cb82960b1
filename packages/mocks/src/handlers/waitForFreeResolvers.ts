import { HttpResponse } from 'msw'
import type { WaitForFreeStatus } from '@comics/core/contract'
import { isPublished, publishedEpisodes, WAIT_FOR_FREE_OFF, waitForFreeReadyAt, waitForFreeRefusal } from '@comics/core/rules'
import { errorResponse } from './errorResponse'
import type { MockState } from './mockState'
import type { Resolver } from './resolverContext'

const timerKey = (userId: string, comicId: string) => `${userId}:${comicId}`

/** A comic's status for a viewer, as GET /comics/:comicId/wait-for-free answers it. */
function statusOf(state: MockState, comicId: string, userId: string | null, now: Date): WaitForFreeStatus {
  const setting = state.waitForFree[comicId] ?? WAIT_FOR_FREE_OFF
  const last = userId ? (state.waitForFreeTimers[timerKey(userId, comicId)] ?? null) : null
  return {
    comicId,
    ...setting,
    ...(userId ? { readyAt: new Date(Math.max(waitForFreeReadyAt(setting, last), 0)).toISOString() } : {}),
    now: now.toISOString(),
  }
}

/**
 * Starts a viewer's timer of a comic as a free unlock at `at` would (stories: 'Free in 23:41').
 * @example startMockWaitForFreeTimer(state, 'user-reader', '1', new Date(Date.now() - 20 * 60_000))
 */
export function startMockWaitForFreeTimer(state: MockState, userId: string, comicId: string, at: Date): void {
  state.waitForFreeTimers[timerKey(userId, comicId)] = at.getTime()
}

/** GET /comics/:comicId/wait-for-free: the setting and, signed in, when the viewer's timer is ready. */
export const getWaitForFree: Resolver<'getWaitForFree'> = ({ params, state, viewer, now }) => {
  const comicId = params.comicId!
  if (!state.comics.some((c) => c.id === comicId)) return errorResponse(404, { code: 'comic_not_found', message: `No comic ${comicId}` })
  return HttpResponse.json({ data: [statusOf(state, comicId, viewer.userId, now)] })
}

const REFUSALS = {
  wait_for_free_off: 'This comic does not free episodes after a wait',
  episode_free: 'This episode is free: there is nothing to unlock',
  subscription_active: 'Your subscription opens every episode',
  newest_excluded: 'The newest episodes are not free by waiting',
  timer_running: 'Your next free episode is not ready yet',
} as const

/** POST /wait-for-free/unlocks: unlocks a locked episode free with a ready timer, and restarts it. */
export const unlockEpisodeFree: Resolver<'unlockEpisodeFree'> = ({ body, state, viewer, now }) => {
  const chapter = state.chapters.find((c) => c.id === body.chapterId)
  if (!chapter || !isPublished(chapter, now)) return errorResponse(404, { message: `No episode ${body.chapterId}` })
  const userId = viewer.userId!
  const existing = state.coinUnlocks.find((u) => u.userId === userId && u.chapterId === chapter.id)
  if (existing) return HttpResponse.json({ data: [existing] })
  const siblings = publishedEpisodes(state.chapters.filter((c) => c.comicsId === chapter.comicsId), now)
  const setting = state.waitForFree[chapter.comicsId] ?? WAIT_FOR_FREE_OFF
  const key = timerKey(userId, chapter.comicsId)
  const refusal = waitForFreeRefusal(chapter, siblings, viewer, setting, state.waitForFreeTimers[key] ?? null, now.getTime())
  if (refusal && refusal !== 'already_unlocked' && refusal !== 'sign_in_required') {
    return errorResponse(409, { code: refusal, message: REFUSALS[refusal] })
  }
  state.waitForFreeTimers[key] = now.getTime()
  const unlock = { chapterId: chapter.id, comicsId: chapter.comicsId, userId, coins: 0, unlockedAt: now.toISOString(), via: 'wait' as const }
  state.coinUnlocks.push(unlock)
  return HttpResponse.json({ data: [unlock] })
}

/** PUT /admin/comics/:comicId/wait-for-free (admin): sets a comic's wait; 0 hours turns it off. */
export const setWaitForFree: Resolver<'setWaitForFree'> = ({ params, body, state, viewer, now }) => {
  const comicId = params.comicId!
  if (!state.comics.some((c) => c.id === comicId)) return errorResponse(404, { code: 'comic_not_found', message: `No comic ${comicId}` })
  state.waitForFree[comicId] = { waitHours: body.waitHours, newestExcluded: body.newestExcluded }
  return HttpResponse.json({ data: [statusOf(state, comicId, viewer.userId, now)] })
}
