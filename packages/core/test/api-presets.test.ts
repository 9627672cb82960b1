import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  ALL_GENRES,
  canRequestEpisodeAssets,
  categoriesComicsRequest,
  comicByIdRequest,
  comicChaptersRequest,
  depositMethods,
  encodeMultipartFields,
  episodeAssetsRequest,
  homeComicsRequest,
  hostComicsRequest,
  lastReadComicsRequest,
} from '@comics/core/api'
import { AssetsListRequestSchema, builtOnUse, ChaptersListRequestSchema, ComicsListRequestSchema } from '@comics/core/contract'
import * as z from 'zod/mini'

describe('screen presets (spec §7, §9)', () => {
  it('home: limit 10, offset 0, newest first', () => {
    expect(homeComicsRequest()).toEqual({
      limit: 10,
      offset: 0,
      filters: {},
      sort: { field: 'created_at', order: 'desc' },
    })
  })

  it("categories: limit 200, offset 0; a genre filter unless none or 'all'", () => {
    expect(categoriesComicsRequest('4')).toEqual({ limit: 200, offset: 0, filters: { genres: ['4'] } })
    expect(categoriesComicsRequest()).toEqual({ limit: 200, offset: 0, filters: {} })
    expect(categoriesComicsRequest(null)).toEqual({ limit: 200, offset: 0, filters: {} })
    expect(categoriesComicsRequest(ALL_GENRES)).toEqual({ limit: 200, offset: 0, filters: {} })
    expect(ALL_GENRES).toBe('all')
  })

  it('account slider: limit 5, offset 0, the last-read ids (at most 5)', () => {
    expect(lastReadComicsRequest(['3', '1'])).toEqual({ limit: 5, offset: 0, filters: { id: ['3', '1'] } })
    expect(lastReadComicsRequest(['1', '2', '3', '4', '5', '6']).filters?.id).toEqual(['1', '2', '3', '4', '5'])
  })

  it('chapters: limit 200, offset 0, of one comic by chapter number', () => {
    expect(comicChaptersRequest('7')).toEqual({
      limit: 200,
      offset: 0,
      filters: { comicsId: ['7'] },
      sort: { field: 'chapterNumber', order: 'asc' },
    })
  })

  it('assets: limit 200, offset 0, one comic, chapter and variant, in reading order', () => {
    expect(episodeAssetsRequest({ comicId: '7', chapterId: '701', variant: 'uncensored' })).toEqual({
      limit: 200,
      offset: 0,
      filters: { comicsId: ['7'], chapterId: ['701'], variant: ['uncensored'] },
      sort: { field: 'position', order: 'asc' },
    })
  })

  it('the assets query waits for both comic and chapter ids', () => {
    expect(canRequestEpisodeAssets({ comicId: '7', variant: 'legal' })).toBe(false)
    expect(canRequestEpisodeAssets({ chapterId: '701', variant: 'legal' })).toBe(false)
    expect(canRequestEpisodeAssets({ comicId: '7', chapterId: '701', variant: 'legal' })).toBe(true)
  })

  it('one comic by id; a host forces its ratings over whatever was asked', () => {
    expect(comicByIdRequest('7')).toEqual({ limit: 1, offset: 0, filters: { id: ['7'] } })
    const asked = { ...categoriesComicsRequest('2'), filters: { genres: ['2'], contentRating: ['AO' as const] } }
    expect(hostComicsRequest(asked, 'normal').filters).toEqual({ genres: ['2'], contentRating: ['T', 'M'] })
    expect(hostComicsRequest(comicByIdRequest('7'), 'adult').filters).toEqual({ id: ['7'], contentRating: ['AO'] })
  })

  it('every preset is a valid request of the contract', () => {
    const comics = [homeComicsRequest(), categoriesComicsRequest('2'), lastReadComicsRequest(['1']), comicByIdRequest('7'), hostComicsRequest(homeComicsRequest(), 'adult')]
    for (const request of comics) expect(z.safeParse(ComicsListRequestSchema, request).success).toBe(true)
    expect(z.safeParse(ChaptersListRequestSchema, comicChaptersRequest('1')).success).toBe(true)
    const assets = episodeAssetsRequest({ comicId: '1', chapterId: '101', variant: 'censored' })
    expect(z.safeParse(AssetsListRequestSchema, assets).success).toBe(true)
  })

  it('the presets module pulls in no HTTP client', () => {
    const source = readFileSync(new URL('../src/api/presets.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/from ['"]axios['"]/)
    expect(source).not.toMatch(/from ['"]\.\/(createComicsApi|callEndpoint)['"]/)
  })
})

describe('payment methods (spec §7)', () => {
  it("lists only the entries of type 'deposit', in order", () => {
    const method = (paymentSystem: string, type: string) => ({ title: paymentSystem, type, paymentSystem, orderCurrency: {} })
    const methods = [method('card', 'deposit'), method('payout', 'withdrawal'), method('btc', 'deposit')]
    expect(depositMethods(methods).map((m) => m.paymentSystem)).toEqual(['card', 'btc'])
  })
})

describe('multipart text fields (spec §7)', () => {
  it('encodes booleans as 1 or 0, lists as JSON, numbers as text, and leaves absent values out', () => {
    expect(
      encodeMultipartFields({
        displayOnMirror: true,
        isFree: false,
        genres: ['1', '9'],
        chapters: [{ title: 'One', chapterNumber: 1, isFree: true }],
        title: 'Moon',
        weight: 3,
        description: undefined,
      }),
    ).toEqual({
      displayOnMirror: '1',
      isFree: '0',
      genres: '["1","9"]',
      chapters: '[{"title":"One","chapterNumber":1,"isFree":true}]',
      title: 'Moon',
      weight: '3',
    })
  })
})

describe('schemas built on first use', () => {
  it('builtOnUse builds its schema at the first parse, once, and validates as the schema itself', () => {
    let builds = 0
    const schema = builtOnUse(() => {
      builds += 1
      return z.object({ id: z.string().check(z.minLength(1)) })
    })
    expect(builds).toBe(0)
    expect(schema.parse({ id: '7' })).toEqual({ id: '7' })
    const refused = z.safeParse(schema, { id: '' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.path).toEqual(['id'])
    expect(builds).toBe(1)
  })

  it("the contract's list requests refuse what they refused when built eagerly", () => {
    expect(z.safeParse(ComicsListRequestSchema, { limit: 0, offset: 0 }).success).toBe(false)
    expect(z.safeParse(ChaptersListRequestSchema, { limit: 1, offset: 0, filters: { typo: [] } }).success).toBe(false)
    expect(AssetsListRequestSchema.parse({ limit: 1, offset: 0 })).toEqual({ limit: 1, offset: 0, filters: {} })
  })
})
