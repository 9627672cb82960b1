import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSubscription, useViewer } from '../../src/hooks'
import { renderHookWithKit, type KitViewer } from '../render'
import { server } from '../server'

describe('useSubscription and useViewer', () => {
  it('skips the subscriptions call when signed out (spec §7)', async () => {
    let calls = 0
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/subscriptions/list')) calls++
    })
    const { result } = renderHookWithKit(() => ({ subscription: useSubscription(), viewer: useViewer() }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls).toBe(0)
    expect(result.current.subscription).toMatchObject({ subscriptions: [], level: 0, isPending: false })
    expect(result.current.viewer).toEqual({ signedIn: false, level: 0, isPending: false })
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
