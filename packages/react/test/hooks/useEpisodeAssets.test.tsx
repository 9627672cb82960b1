import { act, waitFor } from '@testing-library/react'
import { useQueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError, type EpisodeAssetsQuery } from '@comics/core'
import { prefetchEpisode, useApi, useEpisodeAssets, useOnAuthModalClose, useAuthModal } from '../../src/hooks'
import { renderHookWithKit } from '../render'

describe('useEpisodeAssets', () => {
  it('is skipped until both the comic id and the chapter id exist (spec §7)', async () => {
    const { result, rerender, queryClient } = renderHookWithKit(
      (query: Partial<EpisodeAssetsQuery>) => useEpisodeAssets(query),
      { initialProps: { comicId: '4', variant: 'legal' } },
    )
    // React Query starts an enabled query's fetch while rendering it (the rerender below shows it at once),
    // so idle once rendered means skipped.
    expect(result.current.fetchStatus).toBe('idle')
    expect(queryClient.isFetching()).toBe(0)
    rerender({ comicId: '4', chapterId: '401', variant: 'legal' })
    expect(result.current.fetchStatus).toBe('fetching')
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    const positions = result.current.data!.map((a) => a.position)
    expect(positions).toEqual([...positions].sort((a, b) => a! - b!))
    expect(result.current.data![0]).toMatchObject({ chapterId: '401', variant: 'legal' })
  })

  it('refuses a locked episode with ApiError 401 for a guest', async () => {
    const { result } = renderHookWithKit(() => useEpisodeAssets({ comicId: '4', chapterId: '404', variant: 'legal' }))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toBeInstanceOf(ApiError)
    expect((result.current.error as ApiError).status).toBe(401)
  })

  it('refuses a locked episode with ApiError 403 for a reader without subscription', async () => {
    const { result } = renderHookWithKit(() => useEpisodeAssets({ comicId: '4', chapterId: '404', variant: 'legal' }), {
      viewer: 'free',
    })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect((result.current.error as ApiError).status).toBe(403)
  })

  it('serves the 4th episode to a level 1 subscriber', async () => {
    const { result } = renderHookWithKit(() => useEpisodeAssets({ comicId: '4', chapterId: '404', variant: 'legal' }), {
      viewer: 'level1',
    })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data!.length).toBeGreaterThan(0)
  })

  it('refetches when the auth modal closes, and gets the pages once signed in', async () => {
    const { result, stores } = renderHookWithKit(() => {
      const assets = useEpisodeAssets({ comicId: '4', chapterId: '404', variant: 'legal' })
      const modal = useAuthModal()
      useOnAuthModalClose(() => void assets.refetch())
      return { assets, modal }
    })
    await waitFor(() => expect(result.current.assets.isError).toBe(true))
    act(() => result.current.modal.openAuthModal())
    expect(result.current.modal.isOpen).toBe(true)
    // Signing in as a subscriber while the modal is open, then closing it.
    const { MOCK_VIEWERS } = await import('@comics/mocks')
    act(() => stores.session.set(MOCK_VIEWERS.level1.user!, MOCK_VIEWERS.level1.token!))
    act(() => result.current.modal.closeAuthModal())
    await waitFor(() => expect(result.current.assets.isSuccess).toBe(true))
  })

  it('prefetchEpisode fills the cache useEpisodeAssets reads, and resolves undefined for a locked episode', async () => {
    const { result } = renderHookWithKit(() => ({ queryClient: useQueryClient(), api: useApi() }))
    const { queryClient, api } = result.current
    const pages = await prefetchEpisode(queryClient, api, { comicId: '4', chapterId: '402', variant: 'legal' }, null)
    expect(pages?.length).toBeGreaterThan(0)
    const locked = await prefetchEpisode(queryClient, api, { comicId: '4', chapterId: '404', variant: 'legal' }, null)
    expect(locked).toBeUndefined()

    const { result: reader } = renderHookWithKit(() => useEpisodeAssets({ comicId: '4', chapterId: '402', variant: 'legal' }))
    await waitFor(() => expect(reader.current.isSuccess).toBe(true))
  })
})
