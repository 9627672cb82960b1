import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useChapters, useComic, useComics, useGenres } from '../../src/hooks'
import { renderHookWithKit } from '../render'

describe('catalogue hooks', () => {
  it('useComics home lists the 10 newest comics of the normal host, newest first', async () => {
    const { result } = renderHookWithKit(() => useComics({ preset: 'home' }))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    const comics = result.current.data!
    expect(comics.length).toBeLessThanOrEqual(10)
    expect(comics.every((c) => c.contentRating === 'T' || c.contentRating === 'M')).toBe(true)
    const dates = comics.map((c) => c.createdAt!)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('useComics lists only AO comics on the adult host', async () => {
    const { result } = renderHookWithKit(() => useComics({ preset: 'categories' }), { siteMode: 'adult' })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data!.length).toBeGreaterThan(0)
    expect(result.current.data!.every((c) => c.contentRating === 'AO')).toBe(true)
  })

  it('useComics filters categories by genre', async () => {
    const { result } = renderHookWithKit(() => useComics({ preset: 'categories', genreId: '5' }))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data!.length).toBeGreaterThan(0)
    expect(result.current.data!.every((c) => c.genres.some((g) => g.id === '5'))).toBe(true)
  })

  it('useComics skips the last-read request while there is no id', async () => {
    const { result, rerender, queryClient } = renderHookWithKit((comicIds: string[]) => useComics({ preset: 'lastRead', comicIds }), { initialProps: [] as string[] })
    // An enabled query is fetching as soon as it is rendered (the rerender below shows it): idle means skipped.
    expect(result.current.fetchStatus).toBe('idle')
    expect(queryClient.isFetching()).toBe(0)
    expect(result.current.data).toBeUndefined()
    rerender(['4'])
    expect(result.current.fetchStatus).toBe('fetching')
  })

  it('useComic finds one comic by id, and null for another host’s comic', async () => {
    const found = renderHookWithKit(() => useComic('4'))
    await waitFor(() => expect(found.result.current.isSuccess).toBe(true))
    expect(found.result.current.data?.title).toBe('Silent Blade')

    const other = renderHookWithKit(() => useComic('1'))
    await waitFor(() => expect(other.result.current.isSuccess).toBe(true))
    expect(other.result.current.data).toBeNull()
  })

  it('useChapters sorts by chapter number, gaps included', async () => {
    const { result } = renderHookWithKit(() => useChapters('6'))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data!.map((c) => c.chapterNumber)).toEqual([1, 2, 5, 7, 10])
  })

  it('useChapters waits for a comic id', async () => {
    const { result, rerender, queryClient } = renderHookWithKit((comicId: string | undefined) => useChapters(comicId), { initialProps: undefined as string | undefined })
    expect(result.current.fetchStatus).toBe('idle')
    expect(queryClient.isFetching()).toBe(0)
    // The control: with an id it is fetching as soon as it is rendered, so idle above means skipped.
    rerender('6')
    expect(result.current.fetchStatus).toBe('fetching')
  })

  it('useGenres lists the genres', async () => {
    const { result } = renderHookWithKit(() => useGenres())
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data!.map((g) => g.name)).toContain('Uncensored')
  })
})
