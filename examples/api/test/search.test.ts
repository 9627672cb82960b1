import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@comics/core/contract'
import * as z from 'zod'
import { rowsOf } from '../src/db/rows-of'
import { comics } from '../src/db/schema'
import { startTestServer, type TestServer } from './support/test-server'

// POST /comics/search on the seeded catalogue plus comics of our own, on PGlite here and on PostgreSQL in
// the api-postgres project: pg_trgm and unaccent in both.

let server: TestServer
const ADULT = 'adult.localhost:5173'
const MIRROR = 'localhost:5173'

beforeAll(async () => {
  server = await startTestServer()
  await server.db.insert(comics).values([
    { title: 'Quillmoor Lighthouse', description: 'A keeper and the ships that never arrive.', contentRating: 'T', displayOnMirror: true },
    { title: 'Quillmoor After Dark', description: 'What the keeper does at night.', contentRating: 'AO', displayOnMirror: true },
    { title: 'Quillmoor Backstage', description: 'A keeper the mirror never shows.', contentRating: 'M', displayOnMirror: false },
    { title: 'Crème Brûlée Café', description: 'A pastry chef in Zürich bakes her way out of debt.', contentRating: 'M', displayOnMirror: true },
    { title: 'Harbour Tales', description: 'A retired sailor tells of the Xylophagous Kraken that ate his ship.', contentRating: 'T', displayOnMirror: true },
  ])
})
afterAll(() => server?.close())

type Found = { data: { title: string; contentRating: string; displayOnMirror: boolean }[]; total: number }

async function search(host: string, body: unknown) {
  const response = await server.app.inject({ method: 'POST', url: '/api/v1/comics/search', headers: { host }, payload: body as object })
  return response
}
async function found(host: string, q: string, limit = 50, offset = 0): Promise<Found> {
  const response = await search(host, { q, limit, offset })
  expect(response.statusCode).toBe(200)
  return z.parse(endpoints.searchComics.response, response.json()) as Found
}
const titles = (answer: Found) => answer.data.map((comic) => comic.title)

describe('comic search', () => {
  it('finds a comic by its title with a typo, best title match first', async () => {
    const answer = await found(MIRROR, 'quilmoor lighthuose')
    expect(titles(answer)[0]).toBe('Quillmoor Lighthouse')
  })

  it('finds a comic by a word of its description, typo included', async () => {
    expect(titles(await found(MIRROR, 'xylophagus'))).toEqual(['Harbour Tales'])
  })

  it('forgives accents both ways and any case', async () => {
    expect(titles(await found(MIRROR, 'creme brulee'))).toContain('Crème Brûlée Café')
    expect(titles(await found(MIRROR, 'ZURICH'))).toContain('Crème Brûlée Café')
    expect(titles(await found(MIRROR, 'Cafè'))).toContain('Crème Brûlée Café')
  })

  it('never finds an AO comic off the adult host, nor a comic not shown on the mirror', async () => {
    for (const host of [MIRROR, 'evil.example:80', '']) {
      const answer = await found(host, 'quillmoor')
      expect(titles(answer).sort()).toEqual(['Quillmoor Lighthouse'])
      expect(answer.data.every((comic) => comic.contentRating !== 'AO' && comic.displayOnMirror)).toBe(true)
    }
  })

  it('finds only AO comics on the adult host', async () => {
    const answer = await found(ADULT, 'quilmoor')
    expect(titles(answer)).toEqual(['Quillmoor After Dark'])
    const seeded = await found(ADULT, 'velvet')
    expect(seeded.data.length).toBeGreaterThan(0)
    expect(seeded.data.every((comic) => comic.contentRating === 'AO')).toBe(true)
  })

  it('shows each comic found as the catalogue list shows it, genres included, in the same order', async () => {
    const answer = await found(ADULT, 'velvet')
    expect(answer.data.length).toBeGreaterThan(1)
    const listed = await server.app.inject({ method: 'POST', url: '/api/v1/comics/list', headers: { host: ADULT }, payload: { limit: 100, offset: 0 } })
    expect(listed.statusCode).toBe(200)
    const byId = new Map((listed.json() as { data: { id: string }[] }).data.map((comic) => [comic.id, comic]))
    const withGenres = answer.data.filter((comic) => ((comic as { genres?: unknown[] }).genres ?? []).length > 0)
    expect(withGenres.length).toBeGreaterThan(0)
    for (const comic of answer.data) expect(comic).toEqual(byId.get((comic as unknown as { id: string }).id))
  })

  it('ranks the comics whose title has a word typed first, then those with it in the description only, oldest first', async () => {
    // Inserted in this order: the two without the word in their title are older than the one with it, and
    // the newer of them has a title that shares letters with the query (but no word like it).
    await server.db.insert(comics).values([
      { title: 'Old Harbour Diary', description: 'Letters from the Brannoch lighthouse.', contentRating: 'T', displayOnMirror: true },
      { title: 'Cobra Nights', description: 'A smuggler off the Brannoch coast.', contentRating: 'T', displayOnMirror: true },
      { title: 'Brannoch', description: 'A town at the end of the line.', contentRating: 'T', displayOnMirror: true },
    ])
    const answer = await found(MIRROR, 'branoch')
    expect(titles(answer)).toEqual(['Brannoch', 'Old Harbour Diary', 'Cobra Nights'])
    expect(answer.total).toBe(3)
  })

  it('answers nothing for words nowhere in the catalogue', async () => {
    expect(await found(MIRROR, 'zzqxwv')).toEqual({ data: [], total: 0 })
  })

  it('pages with limit and offset, the total counting every match', async () => {
    const all = await found(ADULT, 'velvet')
    expect(all.total).toBe(all.data.length)
    const second = await found(ADULT, 'velvet', 1, 1)
    expect(second.total).toBe(all.total)
    expect(titles(second)).toEqual([titles(all)[1]])
    expect(await found(ADULT, 'velvet', 5, 500)).toEqual({ data: [], total: all.total })
  })

  it('takes the query as text only: quotes, LIKE and regular expression characters match literally or not at all', async () => {
    for (const q of ["' OR '1'='1", '%%', '.*', '\\\\', 'a_b']) {
      const response = await search(ADULT, { q, limit: 10, offset: 0 })
      expect(response.statusCode).toBe(200)
      expect((response.json() as Found).data.length).toBeLessThan(3)
    }
  })

  it('refuses a query shorter than two characters, a page too large and unknown keys (400)', async () => {
    for (const body of [{ q: ' a ', limit: 8, offset: 0 }, { q: 'velvet', limit: 51, offset: 0 }, { q: 'velvet', limit: 8, offset: 0, contentRating: ['AO'] }, {}]) {
      const response = await search(MIRROR, body)
      expect(response.statusCode).toBe(400)
      expect((response.json() as { error: { code: string } }).error.code).toBe('invalid_request')
    }
  })

  it('finds a comic an admin just added, with no cache in between', async () => {
    expect((await found(MIRROR, 'yarrowfield')).data).toEqual([])
    await server.db.insert(comics).values({ title: 'Yarrowfield', description: '', contentRating: 'T', displayOnMirror: true })
    expect(titles(await found(MIRROR, 'yarowfield'))).toEqual(['Yarrowfield'])
  })

  it('finds comics through the index of their words', async () => {
    const plan = await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      return JSON.stringify(await tx.execute(sql`explain select id from comics where search_vector @@ ${"'moonlight'"}::tsquery`))
    })
    expect(plan).toContain('comics_search_vector_idx')
  })

  it('keeps the words of a renamed comic findable', async () => {
    await server.db.update(comics).set({ title: 'Zephyrine Atlas' }).where(sql`${comics.title} = 'Harbour Tales'`)
    expect(titles(await found(MIRROR, 'zefyrine'))).toEqual(['Zephyrine Atlas'])
    expect(titles(await found(MIRROR, 'xylophagus'))).toEqual(['Zephyrine Atlas'])
  })

  it('finds a word the reader has only begun to type', async () => {
    expect(titles(await found(MIRROR, 'quillm light'))).toContain('Quillmoor Lighthouse')
  })

  it('needs every typed word: one like no word of the catalogue finds nothing, a one-letter word beside longer ones is left out', async () => {
    expect(await found(MIRROR, 'quillmoor zzqxwv')).toEqual({ data: [], total: 0 })
    expect(titles(await found(MIRROR, 'x quillmoor'))).toEqual(['Quillmoor Lighthouse'])
  })

  it('finds words with quotes, slashes and backslashes as they were written', async () => {
    await server.db.insert(comics).values({ title: String.raw`Wyvernholt/Archive C:\Wyvern O'Varrick`, description: '', contentRating: 'T', displayOnMirror: true })
    for (const q of ['wyvernholt/archive', String.raw`c:\wyvern`, "o'varrick", 'varick']) {
      expect(titles(await found(MIRROR, q))).toContain(String.raw`Wyvernholt/Archive C:\Wyvern O'Varrick`)
    }
  })

  it('keeps no pending list in the index of words, which PGlite (no autovacuum) would never merge', async () => {
    const [index] = rowsOf<{ options: string[] | null }>(
      await server.db.execute(sql`select reloptions as options from pg_class where relname = 'comics_search_vector_idx'`),
    )
    expect(index?.options).toContain('fastupdate=false')
  })

  it('answers any text typed (quotes, backslashes, operators, any script) with a list of the contract, never an error', async () => {
    const typed = fc.string({ unit: fc.constantFrom(...String.raw`ab zé'"\&|!:*()<->%_ 1ぁ`.split('')), minLength: 2, maxLength: 40 })
    await fc.assert(
      fc.asyncProperty(typed, async (q) => {
        if (q.trim().length < 2) return
        const response = await search(MIRROR, { q, limit: 8, offset: 0 })
        expect(response.statusCode, q).toBe(200)
        z.parse(endpoints.searchComics.response, response.json())
      }),
      { numRuns: 60, seed: 22 },
    )
  })
})

