import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createMockState } from '@comics/mocks'
import { useSubscription, useViewer } from '../../src/hooks'
import { renderHookWithKit, type KitViewer } from '../render'
import { server } from '../server'

describe('useSubscription and useViewer', () => {
  it('skips the subscriptions call when signed out (spec §7)', async () => {
    let calls = 0
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/subscriptions/list')) calls++
    })
    const { result, queryClient } = renderHookWithKit(() => ({ subscription: useSubscription(), viewer: useViewer() }))
    // React Query starts an enabled query's fetch while mounting (the signed-in control below shows it), so
    // nothing fetching once rendered means the call was skipped, not merely not yet sent.
    expect(queryClient.isFetching()).toBe(0)
    expect(calls).toBe(0)
    expect(result.current.subscription).toMatchObject({ subscriptions: [], level: 0, isPending: false })
    expect(result.current.viewer).toEqual({ signedIn: false, level: 0, isPending: false, unlockedEpisodeIds: new Set() })

    const signedIn = renderHookWithKit(() => useSubscription(), { viewer: 'free' })
    expect(signedIn.queryClient.isFetching()).toBe(1)
    await waitFor(() => expect(calls).toBe(1))
  })

  it.each<[KitViewer, number]>([
    ['free', 0],
    ['level1', 1],
    ['level2', 2],
    ['level3', 3],
    ['level4', 4],
    ['admin', 0],
  ])('gives %s the active level %i', async (viewer, level) => {
    const { result } = renderHookWithKit(() => useViewer(), { viewer })
    expect(result.current.signedIn).toBe(true)
    await waitFor(() => expect(result.current.isPending).toBe(false))
    expect(result.current.level).toBe(level)
  })

  it('ignores expired and replaced subscriptions: level 2 has one of each', async () => {
    const { result } = renderHookWithKit(() => useSubscription(), { viewer: 'level2' })
    await waitFor(() => expect(result.current.subscriptions).toHaveLength(2))
    expect(result.current.level).toBe(2)
    expect(result.current.active?.id).toBe('sub-level2-1')
  })

  it("picks the subscription in force: an 'active' record whose period ended is not, even listed first", async () => {
    const state = createMockState()
    const ended = new Date(Date.now() - 60_000).toISOString()
    state.subscriptions = [
      { id: 'ended-3', userId: 'user-level2', status: 'active', level: 3, planId: '12weeks', currentPeriodEnd: ended, autoRenew: true },
      { id: 'ended-2', userId: 'user-level2', status: 'active', level: 2, planId: '4weeks', currentPeriodEnd: ended, autoRenew: false },
      ...state.subscriptions.filter((s) => s.userId === 'user-level2'),
    ]
    const { result } = renderHookWithKit(() => useSubscription(), { viewer: 'level2', mocks: { state } })
    await waitFor(() => expect(result.current.subscriptions).toHaveLength(4))
    expect(result.current.level).toBe(2)
    expect(result.current.active?.id).toBe('sub-level2-1')
    expect(result.current.active?.autoRenew).toBe(true)
  })

  it('has nothing in force when every active period has ended', async () => {
    const state = createMockState()
    const ended = new Date(Date.now() - 60_000).toISOString()
    state.subscriptions = [
      { id: 'ended-2', userId: 'user-level2', status: 'active', level: 2, planId: '4weeks', currentPeriodEnd: ended, autoRenew: true },
    ]
    const { result } = renderHookWithKit(() => useSubscription(), { viewer: 'level2', mocks: { state } })
    await waitFor(() => expect(result.current.subscriptions).toHaveLength(1))
    expect(result.current.level).toBe(0)
    expect(result.current.active).toBeUndefined()
  })

  it('sends the bearer token of the session', async () => {
    let authorization: string | null = null
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/subscriptions/list')) authorization = request.headers.get('authorization')
    })
    const { result } = renderHookWithKit(() => useSubscription(), { viewer: 'level3' })
    await waitFor(() => expect(result.current.isPending).toBe(false))
    expect(authorization).toBe('Bearer mock-token-level3')
  })
})
