import { describe, expect, it } from 'vitest'
import {
  pageHead,
  robotsTxt,
  shareImageUrl,
  shortDescription,
  siteOrigin,
  sitemapEntries,
  sitemapXml,
  type Chapter,
  type Comic,
  type HeadMeta,
} from '@comics/core'

const origin = 'https://comics.example'
const comic: Comic = {
  id: 'c1',
  title: 'Moon & Stars',
  description: 'Two rivals <meet> under the moon.',
  coverImageUrl: '/api/v1/files/cover.webp',
  bannerImageUrl: 'https://cdn.example/banner.webp',
  contentRating: 'T',
  genres: [{ id: 'g1', name: 'Romance' }],
  displayOnMirror: true,
}
const chapter = (n: number): Chapter => ({ id: `e${n}`, comicsId: 'c1', title: `Episode ${n}`, chapterNumber: n, isFree: n <= 3, previewImageUrl: `/p${n}.webp` })
// Given out of order: the rules sort by chapter number.
const chapters = [chapter(5), chapter(1), chapter(3), chapter(2), chapter(4)]
const common = { siteDescription: 'Read comics online.', siteName: 'Comics', origin, mode: 'normal' as const }
const metaOf = (meta: HeadMeta[], key: string) => meta.find((item) => ('name' in item ? item.name : item.property) === key)?.content

describe('pageHead', () => {
  it("a comic page: the comic's description, canonical, Open Graph and Twitter tags with its absolute cover", () => {
    const head = pageHead({ ...common, page: { kind: 'comic', comic, chapters, uncensored: false }, title: 'Moon & Stars — Comics' })
    expect(head.title).toBe('Moon & Stars — Comics')
    expect(head.description).toBe(comic.description)
    expect(head.canonical).toBe('https://comics.example/comic/c1')
    expect(metaOf(head.meta, 'og:image')).toBe('https://comics.example/api/v1/files/cover.webp')
    expect(metaOf(head.meta, 'twitter:image')).toBe('https://comics.example/api/v1/files/cover.webp')
    expect(metaOf(head.meta, 'twitter:card')).toBe('summary_large_image')
    expect(metaOf(head.meta, 'og:url')).toBe(head.canonical)
    expect(metaOf(head.meta, 'robots')).toBeUndefined()
    expect(metaOf(head.meta, 'rating')).toBeUndefined()
  })

  it('the structured data of a comic page is a ComicSeries with its episodes, in order, free ones marked', () => {
    const { jsonLd } = pageHead({ ...common, page: { kind: 'comic', comic, chapters, uncensored: false }, title: 't' })
    const data = JSON.parse(JSON.stringify(jsonLd)) as Record<string, unknown> & { hasPart: Record<string, unknown>[] }
    expect(data['@context']).toBe('https://schema.org')
    expect(data['@type']).toBe('ComicSeries')
    expect(data.name).toBe(comic.title)
    expect(data.genre).toEqual(['Romance'])
    expect(data.hasPart.map((part) => [part['@type'], part.issueNumber, part.isAccessibleForFree])).toEqual([
      ['ComicIssue', 1, true],
      ['ComicIssue', 2, true],
      ['ComicIssue', 3, true],
      ['ComicIssue', 4, false],
      ['ComicIssue', 5, false],
    ])
    expect(data.hasPart[3]!.url).toBe('https://comics.example/comic/c1/e4')
  })

  it('a reader: a ComicIssue part of its series; its image is the cover, never a page', () => {
    const head = pageHead({ ...common, page: { kind: 'reader', comic, chapter: chapters[0]!, chapters, uncensored: false }, title: 't' })
    expect(head.canonical).toBe('https://comics.example/comic/c1/e5')
    const data = head.jsonLd as Record<string, unknown> & { isPartOf: Record<string, unknown> }
    expect(data['@type']).toBe('ComicIssue')
    expect(data.issueNumber).toBe(5)
    expect(data.isAccessibleForFree).toBe(false)
    expect(data.image).toBe('https://comics.example/api/v1/files/cover.webp')
    expect(data.isPartOf['@type']).toBe('ComicSeries')
    expect(metaOf(head.meta, 'og:image')).toBe('https://comics.example/api/v1/files/cover.webp')
  })

  it('the uncensored edition points to the censored page and is not indexed', () => {
    const comicPage = pageHead({ ...common, page: { kind: 'comic', comic, chapters, uncensored: true }, title: 't' })
    expect(comicPage.canonical).toBe('https://comics.example/comic/c1')
    expect(metaOf(comicPage.meta, 'robots')).toBe('noindex')
    const reader = pageHead({ ...common, page: { kind: 'reader', comic, chapter: chapters[1]!, chapters, uncensored: true }, title: 't' })
    expect(reader.canonical).toBe('https://comics.example/comic/c1/e1')
    expect(metaOf(reader.meta, 'robots')).toBe('noindex')
  })

  it("a page without a comic takes the site's description; a private page has no canonical and is not indexed", () => {
    const home = pageHead({ ...common, page: { kind: 'home' }, title: 'Comics' })
    expect(home.description).toBe('Read comics online.')
    expect(home.canonical).toBe('https://comics.example/')
    expect(home.jsonLd).toBeUndefined()
    const account = pageHead({ ...common, page: { kind: 'private' }, title: 'Account' })
    expect(account.canonical).toBeUndefined()
    expect(metaOf(account.meta, 'robots')).toBe('noindex')
    expect(metaOf(account.meta, 'og:title')).toBeUndefined()
  })

  it("labels the adult host's pages adult, for search engines' safe search", () => {
    const head = pageHead({ ...common, mode: 'adult', page: { kind: 'comic', comic: { ...comic, contentRating: 'AO' }, chapters, uncensored: false }, title: 't' })
    expect(metaOf(head.meta, 'rating')).toBe('adult')
    expect((head.jsonLd as { isFamilyFriendly: boolean }).isFamilyFriendly).toBe(false)
  })

  it('a comic without artwork shares no image', () => {
    expect(shareImageUrl({ coverImageUrl: '', bannerImageUrl: '' }, origin)).toBeUndefined()
    expect(shareImageUrl({ coverImageUrl: '', bannerImageUrl: 'https://cdn.example/b.webp' }, origin)).toBe('https://cdn.example/b.webp')
    const head = pageHead({ ...common, page: { kind: 'comic', comic: { ...comic, coverImageUrl: '', bannerImageUrl: '' }, chapters, uncensored: false }, title: 't' })
    expect(metaOf(head.meta, 'og:image')).toBeUndefined()
    expect(metaOf(head.meta, 'twitter:card')).toBe('summary')
  })

  it('cuts a long description at a word, on one line', () => {
    const long = `${'word '.repeat(60)}\nend`
    const short = shortDescription(long)
    expect(short.length).toBeLessThanOrEqual(160)
    expect(short).toMatch(/^word( word)*…$/)
    expect(shortDescription(' a\n b ')).toBe('a b')
  })
})

describe('siteOrigin', () => {
  const config = { adultHost: 'adult.example.com', mirrorHosts: ['example.com', 'mirror.example.net'] }
  it("is the mode's configured host, https unless it is a loopback host", () => {
    expect(siteOrigin('adult', config)).toBe('https://adult.example.com')
    expect(siteOrigin('normal', config)).toBe('https://example.com')
    expect(siteOrigin('normal', { adultHost: 'adult.localhost:5173', mirrorHosts: ['localhost:5173'] })).toBe('http://localhost:5173')
    expect(siteOrigin('adult', { adultHost: 'adult.localhost:5173', mirrorHosts: [] })).toBe('http://adult.localhost:5173')
    expect(siteOrigin('normal', config, 'http')).toBe('http://example.com')
  })
})

describe('sitemap and robots.txt', () => {
  it('lists the public pages, each comic and its free episodes only, never an uncensored address', () => {
    const other: Comic = { ...comic, id: 'c2', title: 'Other', createdAt: '2026-01-02T00:00:00.000Z' }
    const entries = sitemapEntries(origin, [
      { comic, chapters },
      { comic: other, chapters: [{ ...chapter(7), comicsId: 'c2', publishAt: '2026-02-01T00:00:00.000Z' }] },
    ])
    expect(entries.map((entry) => entry.loc)).toEqual([
      'https://comics.example/',
      'https://comics.example/categories',
      'https://comics.example/privacy-policy',
      'https://comics.example/terms-of-use',
      'https://comics.example/payment-and-refund',
      'https://comics.example/comic/c1',
      'https://comics.example/comic/c1/e1',
      'https://comics.example/comic/c1/e2',
      'https://comics.example/comic/c1/e3',
      'https://comics.example/comic/c2',
      'https://comics.example/comic/c2/e7',
    ])
    expect(entries.at(-1)!.lastmod).toBe('2026-02-01T00:00:00.000Z')
    const xml = sitemapXml([{ loc: 'https://comics.example/comic/a&b' }])
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml).toContain('<loc>https://comics.example/comic/a&amp;b</loc>')
  })

  it('robots.txt keeps crawlers off private pages (not the payment policy) and names the sitemap on the origin', () => {
    const robots = robotsTxt(origin)
    expect(robots).toContain('Sitemap: https://comics.example/sitemap.xml')
    expect(robots).toContain('Disallow: /account')
    expect(robots).toContain('Disallow: /payment/')
    expect(robots.split('\n').filter((line) => line.startsWith('Disallow:')).some((line) => '/payment-and-refund'.startsWith(line.slice(10)))).toBe(false)
  })
})
