import { useEffect, useState } from 'react'
import { queryOptions, useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import { waitForFreeCountdown, type CoinUnlock, type ComicsApi, type WaitForFreeSettingBody, type WaitForFreeStatus } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'
import { useSession } from './useSession'

/** How often a running countdown is read again. */
const TICK_MS = 1000

/**
 * The query of a comic's free-after-a-wait status for `viewerId` (null: a guest), as useWaitForFree runs
 * it: for a server's render of a guest's page to prefetch. The clock's offset is the answering server's
 * minus this machine's: a guest's status has no countdown, and the browser's next read measures its own.
 */
export function waitForFreeQueryOptions(api: ComicsApi, comicId: string, viewerId: string | null) {
  return queryOptions({
    queryKey: queryKeys.waitForFree(comicId, viewerId),
    queryFn: async ({ signal }) => {
      const status = (await api.waitForFree.status(comicId, { signal })).data[0]!
      return { status, offset: Date.parse(status.now) - Date.now() }
    },
  })
}

/**
 * A comic's free-after-a-wait status for the viewer: the setting, and for a signed-in reader whether the
 * next free episode is ready or the time left ('23:41'), counted down live. The count follows the server's
 * clock: the time left is the server's `readyAt` minus its `now`, carried from when the answer arrived.
 */
export function useWaitForFree(comicId: string | undefined) {
  const { api } = useComicsContext('useWaitForFree')
  const { user } = useSession()
  const query = useQuery({ ...waitForFreeQueryOptions(api, comicId ?? '', user?.uid ?? null), enabled: comicId !== undefined })
  const readyAt = query.data?.status.readyAt === undefined ? undefined : Date.parse(query.data.status.readyAt)
  const offset = query.data?.offset ?? 0
  const [now, setNow] = useState(() => Date.now())
  const running = readyAt !== undefined && readyAt > now + offset
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [running])
  const status: WaitForFreeStatus | undefined = query.data?.status
  const on = (status?.waitHours ?? 0) > 0
  const countdown = readyAt === undefined ? undefined : waitForFreeCountdown(readyAt, now + offset)
  return {
    status,
    on,
    setting: status ? { waitHours: status.waitHours, newestExcluded: status.newestExcluded } : { waitHours: 0, newestExcluded: 0 },
    /** Undefined for a guest, or while loading. */
    countdown,
    isPending: comicId !== undefined && query.isPending,
    refetch: query.refetch,
  }
}

/**
 * Unlocks an episode free after the wait. On success (or a refusal) the comic's timer and the unlocks are
 * asked again; a refusal is an `ApiError` whose `code` says why (`timer_running`).
 */
export function useUnlockEpisodeFree(): UseMutationResult<CoinUnlock, Error, string> {
  const { api } = useComicsContext('useUnlockEpisodeFree')
  const { user } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (chapterId: string) => (await api.waitForFree.unlock(chapterId)).data[0]!,
    onSettled: () => {
      const uid = user?.uid ?? null
      void queryClient.invalidateQueries({ queryKey: ['comics-kit', 'wait-for-free'] })
      void queryClient.invalidateQueries({ queryKey: queryKeys.coinUnlocks(uid) })
    },
  })
}

/** Sets a comic's wait (admin); the comic's status is asked again. */
export function useSetWaitForFree(comicId: string): UseMutationResult<WaitForFreeStatus, Error, WaitForFreeSettingBody> {
  const { api } = useComicsContext('useSetWaitForFree')
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: WaitForFreeSettingBody) => (await api.waitForFree.set(comicId, body)).data[0]!,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['comics-kit', 'wait-for-free', comicId] }),
  })
}
