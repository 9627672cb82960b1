import { describe, expect, it } from 'vitest'
import { MAX_SCROLL_POSITIONS, readPositions, storedPositions } from '../../src/layout/ScrollRestoration'

describe('the stored scroll positions', () => {
  it('keep the most recently visited entries, oldest first, up to the bound', () => {
    const positions = new Map(Array.from({ length: MAX_SCROLL_POSITIONS + 30 }, (_, i) => [`entry-${i}`, i * 10] as [string, number]))
    const kept = readPositions(storedPositions(positions))
    expect(kept.size).toBe(MAX_SCROLL_POSITIONS)
    expect([...kept.keys()][0]).toBe('entry-30')
    expect(kept.get(`entry-${MAX_SCROLL_POSITIONS + 29}`)).toBe((MAX_SCROLL_POSITIONS + 29) * 10)
    expect(kept.has('entry-29')).toBe(false)
  })

  it('round-trip as they were when under the bound, with their order', () => {
    const positions = new Map([['default:/comic/4', 0], ['k1x9', 1200], ['a7b2', 40]])
    const kept = readPositions(storedPositions(positions, 3))
    expect([...kept]).toEqual([...positions])
  })

  it('read the earlier shape, an object by key, and nothing from what cannot be read', () => {
    expect([...readPositions(JSON.stringify({ 'default:/': 300, abc: 12 }))]).toEqual([['default:/', 300], ['abc', 12]])
    expect(readPositions('not json').size).toBe(0)
    expect(readPositions(null).size).toBe(0)
    expect(readPositions('42').size).toBe(0)
    expect([...readPositions(JSON.stringify([['ok', 5], ['bad', 'x'], [7, 1], 'loose']))]).toEqual([['ok', 5]])
  })
})
