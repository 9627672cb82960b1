import { describe, expect, it } from 'vitest'
import {
  AssetSchema,
  ChapterSchema,
  ComicSchema,
  GenreSchema,
  PaymentMethodSchema,
  SubscriptionSchema,
  type Schema,
} from '@comics/core/contract'
import { hasUncensoredEdition } from '@comics/core/rules'
import * as z from 'zod/mini'
import {
  MOCK_ASSETS,
  MOCK_CHAPTERS,
  MOCK_COMICS,
  MOCK_GENRES,
  MOCK_LONG_EPISODE,
  MOCK_PAYMENT_METHODS,
  MOCK_SUBSCRIPTIONS,
  MOCK_VIEWERS,
  createMockState,
  placeholderImageUrl,
} from '@comics/mocks'

const conforms = (schema: Schema, items: readonly unknown[]) =>
  items.filter((item) => !z.safeParse(schema, item).success)

describe('fixture catalogue', () => {
  it('conforms to the contract, every record of it', () => {
    expect(conforms(GenreSchema, MOCK_GENRES)).toEqual([])
    expect(conforms(ComicSchema, MOCK_COMICS)).toEqual([])
    expect(conforms(ChapterSchema, MOCK_CHAPTERS)).toEqual([])
    expect(conforms(AssetSchema, MOCK_ASSETS)).toEqual([])
    expect(conforms(SubscriptionSchema, MOCK_SUBSCRIPTIONS)).toEqual([])
    expect(conforms(PaymentMethodSchema, MOCK_PAYMENT_METHODS)).toEqual([])
  })

  it('has at least 12 comics across at least 6 genres, mature ones and Uncensored among them', () => {
    expect(MOCK_COMICS.length).toBeGreaterThanOrEqual(12)
    const used = new Set(MOCK_COMICS.flatMap((c) => c.genres.map((g) => g.id)))
    expect(used.size).toBeGreaterThanOrEqual(6)
    expect(MOCK_GENRES.some((g) => g.mature)).toBe(true)
    expect(MOCK_GENRES.some((g) => g.name.toLowerCase() === 'uncensored')).toBe(true)
    expect(MOCK_COMICS.filter(hasUncensoredEdition).length).toBeGreaterThanOrEqual(2)
  })

  it('has AO, T and M ratings and both values of displayOnMirror', () => {
    expect(new Set(MOCK_COMICS.map((c) => c.contentRating))).toEqual(new Set(['AO', 'T', 'M']))
    expect(new Set(MOCK_COMICS.map((c) => c.displayOnMirror))).toEqual(new Set([true, false]))
    expect(MOCK_COMICS.some((c) => c.bannerImageUrl === '')).toBe(true)
  })

  it('numbers chapters from 1, with several comics past 3 chapters and one with gaps', () => {
    const numbersOf = (comicId: string) => MOCK_CHAPTERS.filter((c) => c.comicsId === comicId).map((c) => c.chapterNumber)
    const withChapters = MOCK_COMICS.filter((c) => numbersOf(c.id).length > 0)
    for (const comic of withChapters) expect(Math.min(...numbersOf(comic.id))).toBe(1)
    expect(MOCK_COMICS.filter((c) => numbersOf(c.id).length > 3).length).toBeGreaterThanOrEqual(3)
    expect(numbersOf('6')).toEqual([1, 2, 5, 7, 10])
    expect(new Set(MOCK_CHAPTERS.map((c) => c.id)).size).toBe(MOCK_CHAPTERS.length)
  })

  it('has pages in the three variants, each with width and height, the uncensored one only for uncensored editions', () => {
    expect(new Set(MOCK_ASSETS.map((a) => a.variant))).toEqual(new Set(['censored', 'uncensored', 'legal']))
    expect(MOCK_ASSETS.every((a) => a.width === 800 && a.height! >= 1000 && a.height! <= 2500)).toBe(true)
    const uncensoredComics = new Set(MOCK_ASSETS.filter((a) => a.variant === 'uncensored').map((a) => a.comicsId))
    const editions = new Set(MOCK_COMICS.filter(hasUncensoredEdition).map((c) => c.id))
    expect(uncensoredComics).toEqual(editions)
    for (const chapter of MOCK_CHAPTERS) {
      expect(MOCK_ASSETS.some((a) => a.chapterId === chapter.id && a.variant === 'censored')).toBe(true)
      expect(MOCK_ASSETS.some((a) => a.chapterId === chapter.id && a.variant === 'legal')).toBe(true)
    }
    expect(new Set(MOCK_ASSETS.map((a) => a.id)).size).toBe(MOCK_ASSETS.length)
  })

  it('has a 200-page episode in each of its variants, numbered 1 to 200', () => {
    for (const variant of ['censored', 'legal'] as const) {
      const pages = MOCK_ASSETS.filter((a) => a.chapterId === MOCK_LONG_EPISODE.chapterId && a.variant === variant)
      expect(pages.map((p) => p.position)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1))
    }
  })

  it('uses offline SVG data URLs that show the comic, the episode, the page and the variant', () => {
    const urls = [...MOCK_COMICS.map((c) => c.coverImageUrl), ...MOCK_CHAPTERS.map((c) => c.previewImageUrl), ...MOCK_ASSETS.map((a) => a.url)]
    expect(urls.every((url) => url.startsWith('data:image/svg+xml,'))).toBe(true)
    const page = MOCK_ASSETS.find((a) => a.id === '403-legal-2')!
    const svg = decodeURIComponent(page.url.slice('data:image/svg+xml,'.length))
    expect(svg).toContain('Silent Blade')
    expect(svg).toContain('Episode 3 · Page 2 of')
    expect(svg).toContain('legal')
    expect(svg).toContain(`height="${page.height}"`)
  })

  it('makes the same image from the same input and escapes markup in titles', () => {
    const image = { width: 10, height: 20, hue: 5, lines: ['Tom & <Jerry>'] }
    expect(placeholderImageUrl(image)).toBe(placeholderImageUrl({ ...image }))
    const svg = decodeURIComponent(placeholderImageUrl(image).split(',')[1]!)
    expect(svg).toContain('Tom &amp; &lt;Jerry&gt;')
  })

  it('has viewers for every role with distinct tokens and user ids, a guest without either', () => {
    expect(Object.keys(MOCK_VIEWERS)).toEqual(['guest', 'reader', 'level1', 'level2', 'level3', 'level4', 'admin'])
    expect(MOCK_VIEWERS.guest).toMatchObject({ token: null, userId: null, user: null })
    const signedIn = Object.values(MOCK_VIEWERS).filter((v) => v.token)
    expect(new Set(signedIn.map((v) => v.token)).size).toBe(6)
    expect(new Set(signedIn.map((v) => v.userId)).size).toBe(6)
    expect(signedIn.every((v) => v.user?.uid === v.userId)).toBe(true)
    expect(Object.values(MOCK_VIEWERS).filter((v) => v.admin).map((v) => v.key)).toEqual(['admin'])
  })

  it('gives each call of createMockState its own copy', () => {
    const first = createMockState()
    const second = createMockState()
    first.comics[0]!.title = 'Changed'
    first.genres.pop()
    expect(second.comics[0]!.title).toBe(MOCK_COMICS[0]!.title)
    expect(second.genres).toHaveLength(MOCK_GENRES.length)
    expect(MOCK_COMICS[0]!.title).not.toBe('Changed')
  })
})
