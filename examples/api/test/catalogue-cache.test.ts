import { describe, expect, it } from 'vitest'
import { CatalogueCache } from '../src/catalogue/catalogue-cache'

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
