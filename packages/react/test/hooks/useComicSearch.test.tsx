import { act, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useComicSearchPages } from '../../src/hooks'
import { renderHookWithKit } from '../render'
import { server, TEST_API_BASE_URL } from '../server'

describe('useComicSearchPages', () => {
  it('adds the next comics after those shown until every match is there', async () => {
    const { result } = renderHookWithKit(() => useComicSearchPages('the', { limit: 2, debounceMs: 0 }))
    await waitFor(() => expect(result.current.status).toBe('results'))
    const { total } = result.current
    expect(total).toBeGreaterThan(2)
    expect(result.current.comics).toHaveLength(2)
    expect(result.current.hasMore).toBe(true)

    const seen = new Set(result.current.comics.map((comic) => comic.id))
    while (result.current.hasMore) {
      const before = result.current.comics.length
      act(() => result.current.loadMore())
      await waitFor(() => expect(result.current.comics.length).toBeGreaterThan(before))
      for (const comic of result.current.comics.slice(before)) seen.add(comic.id)
    }
    // Every match once, in the answer's order, and nothing more to ask for.
    expect(result.current.comics).toHaveLength(total)
    expect(seen.size).toBe(total)
    expect(result.current.isLoadingMore).toBe(false)
    act(() => result.current.loadMore())
    expect(result.current.isLoadingMore).toBe(false)
  })

  it('keeps the comics shown when asking for more fails, and asks again', async () => {
    const { result } = renderHookWithKit(() => useComicSearchPages('the', { limit: 2, debounceMs: 0 }))
    await waitFor(() => expect(result.current.status).toBe('results'))
    const first = result.current.comics.map((comic) => comic.id)
    server.use(http.post(`${TEST_API_BASE_URL}/comics/search`, () => HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 }), { once: true }))
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.loadMoreFailed).toBe(true))
    expect(result.current.status).toBe('results')
    expect(result.current.comics.map((comic) => comic.id)).toEqual(first)
    expect(result.current.hasMore).toBe(true)

    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.comics.length).toBeGreaterThan(2))
    expect(result.current.loadMoreFailed).toBe(false)
    expect(result.current.comics.slice(0, 2).map((comic) => comic.id)).toEqual(first)
  })
})
