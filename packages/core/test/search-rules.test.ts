import { describe, expect, it } from 'vitest'
import { SEARCH_QUERY_LENGTH, SearchComicsRequestSchema, searchQueryOf } from '@comics/core'

describe('search query', () => {
  it('trims what was typed and makes runs of white space one space', () => {
    expect(searchQueryOf('  moon \t  light ')).toBe('moon light')
    expect(searchQueryOf('Élan')).toBe('Élan')
  })

  it('sends no search for fewer than two characters', () => {
    expect(searchQueryOf('')).toBeUndefined()
    expect(searchQueryOf('   ')).toBeUndefined()
    expect(searchQueryOf(' m ')).toBeUndefined()
    expect(searchQueryOf('mo')).toBe('mo')
  })

  it('cuts a long query at the most the contract accepts', () => {
    const query = searchQueryOf('a'.repeat(300))!
    expect(query).toHaveLength(SEARCH_QUERY_LENGTH.max)
    expect(SearchComicsRequestSchema.safeParse({ q: query, limit: 8, offset: 0 }).success).toBe(true)
  })

  it('the contract refuses a query too short once trimmed, too long, or with unknown keys', () => {
    expect(SearchComicsRequestSchema.safeParse({ q: ' m ', limit: 8, offset: 0 }).success).toBe(false)
    expect(SearchComicsRequestSchema.safeParse({ q: 'a'.repeat(101), limit: 8, offset: 0 }).success).toBe(false)
    expect(SearchComicsRequestSchema.safeParse({ q: 'moon', limit: 51, offset: 0 }).success).toBe(false)
    expect(SearchComicsRequestSchema.safeParse({ q: 'moon', limit: 8, offset: 0, contentRating: ['AO'] }).success).toBe(false)
    expect(SearchComicsRequestSchema.parse({ q: '  moon ', limit: 8, offset: 0 }).q).toBe('moon')
  })
})
