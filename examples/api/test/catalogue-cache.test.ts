import { describe, expect, it, vi } from 'vitest'
import { CatalogueCache } from '../src/catalogue/catalogue-cache'
import { ManualClock } from './support/manual-clock'

describe('CatalogueCache remembered answers', () => {
  it('remembers an answer until the next invalidation', () => {
    const cache = new CatalogueCache()
    cache.remember('comics\nadult\n{}', 'answer', cache.generation)
    expect(cache.answer('comics\nadult\n{}')).toBe('answer')
    expect(cache.answer('comics\nnormal\n{}')).toBeUndefined()
    cache.invalidate()
    expect(cache.answer('comics\nadult\n{}')).toBeUndefined()
  })

  it('does not keep an answer computed across an invalidation', () => {
    const cache = new CatalogueCache()
    const generation = cache.generation
    cache.invalidate() // an admin write lands while the answer is being computed
    cache.remember('chapters\n{}', 'stale', generation)
    expect(cache.answer('chapters\n{}')).toBeUndefined()
  })

  it('stays within its bound', () => {
    const cache = new CatalogueCache(3)
    for (let i = 0; i < 4; i++) cache.remember(`genres\n${i}`, i, cache.generation)
    expect(cache.answer('genres\n3')).toBe(3)
    expect(cache.answer('genres\n0')).toBeUndefined()
  })
})

describe('CatalogueCache with a publication schedule', () => {
  const T0 = new Date('2026-03-01T12:00:00Z')
  const RELEASE = new Date('2026-03-02T12:00:00Z')

  function scheduledCache(next: (after: Date) => Date | null) {
    const clock = new ManualClock(T0)
    const asked: Date[] = []
    const cache = new CatalogueCache(100, {
      clock,
      nextPublishTime: async (after) => {
        asked.push(after)
        return next(after)
      },
    })
    return { cache, clock, asked }
  }

  it('keeps what it read until the next publish time, then reads again', async () => {
    const { cache, clock, asked } = scheduledCache((after) => (after < RELEASE ? RELEASE : null))
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('chapters', load)).toBe(1)
    expect(await cache.get('chapters', load)).toBe(1)
    clock.set(new Date(RELEASE.getTime() - 1))
    expect(await cache.get('chapters', load)).toBe(1)
    clock.set(RELEASE)
    expect(await cache.get('chapters', load)).toBe(2)
    // Asked from the moment it was emptied: nothing is scheduled after the release.
    expect(asked.map((time) => time.toISOString())).toEqual([T0.toISOString(), RELEASE.toISOString()])
    clock.set(new Date('2030-01-01T00:00:00Z'))
    expect(await cache.get('chapters', load)).toBe(2)
  })

  it('serves no remembered answer before it knows the schedule, nor once the release time has come', async () => {
    const { cache, clock } = scheduledCache(() => RELEASE)
    expect(cache.answer('chapters\n{}')).toBeUndefined()
    await cache.get('genres', async () => 'read') // the schedule is known once a read has waited for it
    cache.remember('chapters\n{}', 'without the release', cache.generation)
    expect(cache.answer('chapters\n{}')).toBe('without the release')
    clock.set(RELEASE)
    expect(cache.answer('chapters\n{}')).toBeUndefined()
  })

  it("reads again when its clock is set back before what it keeps was read (a test's clock), so a release undone is not served", async () => {
    const { cache, clock } = scheduledCache((after) => (after < RELEASE ? RELEASE : null))
    let loads = 0
    const load = async () => ++loads
    clock.set(RELEASE)
    expect(await cache.get('chapters', load)).toBe(1)
    cache.remember('chapters\n{}', 'with the release', cache.generation)
    expect(cache.answer('chapters\n{}')).toBe('with the release')
    clock.set(new Date(RELEASE.getTime() + 1))
    expect(await cache.get('chapters', load)).toBe(1)
    clock.set(T0)
    expect(cache.answer('chapters\n{}')).toBeUndefined()
    expect(await cache.get('chapters', load)).toBe(2)
    expect(await cache.get('chapters', load)).toBe(2)
  })

  it('asks again when the schedule could not be read, and meanwhile remembers nothing it serves', async () => {
    const clock = new ManualClock(T0)
    let fail = true
    const cache = new CatalogueCache(100, {
      clock,
      nextPublishTime: async () => {
        if (fail) throw new Error('database unavailable')
        return RELEASE
      },
    })
    expect(await cache.get('chapters', async () => 'first')).toBe('first')
    cache.remember('chapters\n{}', 'answer', cache.generation)
    expect(cache.answer('chapters\n{}')).toBeUndefined()
    fail = false
    await cache.get('genres', async () => 'read')
    expect(cache.answer('chapters\n{}')).toBe('answer')
  })
})

describe('CatalogueCache maximum age', () => {
  it('forgets what it keeps once it is older than maxAgeMs, the safety net behind the change notifications', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), toFake: ['Date'] })
    try {
      const cache = new CatalogueCache(100, undefined, 60_000)
      let loads = 0
      const load = async () => ++loads
      expect(await cache.get('genres', load)).toBe(1)
      cache.remember('genres\n{}', 'answer', cache.generation)
      vi.setSystemTime(Date.now() + 59_999)
      expect(await cache.get('genres', load)).toBe(1)
      expect(cache.answer('genres\n{}')).toBe('answer')
      vi.setSystemTime(Date.now() + 1)
      expect(cache.answer('genres\n{}')).toBeUndefined()
      expect(await cache.get('genres', load)).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('tells the other instances of an invalidation (announce), not of a clear', () => {
    const cache = new CatalogueCache()
    let announced = 0
    cache.announce = () => announced++
    cache.clear()
    expect(announced).toBe(0)
    cache.invalidate()
    expect(announced).toBe(1)
  })
})
