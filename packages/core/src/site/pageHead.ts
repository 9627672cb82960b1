import type { Chapter, Comic } from '../contract/entities'
import type { SiteMode } from '../rules/access'
import { isFreeEpisode, sortEpisodes } from '../rules/episodes'
import type { HostConfig } from './host'
import { comicPath, readerPath, routes } from './routes'

/**
 * What a page is, for its head: the kind of screen and, for a comic page or a reader, the data it shows
 * (the comic, its published episodes as the host lists them, the episode read).
 */
export type HeadPage =
  | { kind: 'home' }
  | { kind: 'categories' }
  | { kind: 'comic'; comic: Comic; chapters: readonly Chapter[]; uncensored: boolean }
  | { kind: 'reader'; comic: Comic; chapter: Chapter; chapters: readonly Chapter[]; uncensored: boolean }
  | { kind: 'policy'; path: string }
  /** Any page a search engine has no use for (account, premium, payment, coins, admin, sign-in links, not found). */
  | { kind: 'private' }

/** One `<meta>` of a head: `name` (description, robots, twitter:…) or `property` (og:…). */
export type HeadMeta = { name: string; content: string } | { property: string; content: string }

/** Everything a page's head says about it, with absolute URLs on the configured origin of its host. */
export interface PageHead {
  title: string
  description: string
  /** The page's one address (absolute); absent for a page that must not be indexed. */
  canonical?: string
  meta: HeadMeta[]
  /** schema.org structured data (JSON-LD), for a comic page and a reader. */
  jsonLd?: Record<string, unknown>
}

export interface PageHeadInput {
  page: HeadPage
  /** The page's title as the kit's messages write it (`pageTitle`). */
  title: string
  /** The description of a page without a comic (the kit's `page.description`). */
  siteDescription: string
  /** The service's name (og:site_name, the publisher of the structured data). */
  siteName: string
  /** The configured origin of the host the page is on (`https://comics.example`), never the request's Host. */
  origin: string
  mode: SiteMode
}

/** The longest meta description written: search engines show about this much. */
export const META_DESCRIPTION_MAX = 160

/** `text` on one line, cut at a word under `max` characters with an ellipsis. */
export function shortDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`
}

/** `url` made absolute against `origin` (an address the API gave as a path stays on the site's origin). */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, `${origin.replace(/\/$/, '')}/`).href
}

/**
 * The image a link to a comic shows (Open Graph, Twitter, structured data): its cover, else its banner,
 * absolute; never a page of an episode (which may be locked) nor an uncensored picture (the cover and
 * banner are the comic's public, censored artwork). Undefined when the comic has neither.
 */
export function shareImageUrl(comic: Pick<Comic, 'coverImageUrl' | 'bannerImageUrl'>, origin: string): string | undefined {
  const image = comic.coverImageUrl || comic.bannerImageUrl
  return image ? absoluteUrl(image, origin) : undefined
}

/**
 * Where a page's canonical points: the censored comic page or reader for their uncensored forms (the
 * same series and episode; the uncensored edition is for subscribers and never indexed).
 */
function canonicalPath(page: HeadPage): string | undefined {
  switch (page.kind) {
    case 'home':
      return routes.home
    case 'categories':
      return routes.categories
    case 'comic':
      return comicPath(page.comic.id)
    case 'reader':
      return readerPath(page.comic.id, page.chapter.id)
    case 'policy':
      return page.path
    case 'private':
      return undefined
  }
}

/** Whether search engines may index the page: not a private page, not an uncensored edition. */
export function indexable(page: HeadPage): boolean {
  if (page.kind === 'private') return false
  if (page.kind === 'comic' || page.kind === 'reader') return !page.uncensored
  return true
}

function comicSeries(comic: Comic, origin: string, siteName: string, mode: SiteMode): Record<string, unknown> {
  const image = shareImageUrl(comic, origin)
  return {
    '@type': 'ComicSeries',
    '@id': absoluteUrl(`${comicPath(comic.id)}#series`, origin),
    name: comic.title,
    ...(comic.description ? { description: comic.description } : {}),
    url: absoluteUrl(comicPath(comic.id), origin),
    ...(image ? { image } : {}),
    ...(comic.genres.length ? { genre: comic.genres.map((genre) => genre.name) } : {}),
    contentRating: comic.contentRating,
    isFamilyFriendly: mode === 'normal' && comic.contentRating !== 'AO',
    publisher: { '@type': 'Organization', name: siteName, url: absoluteUrl(routes.home, origin) },
  }
}

function comicIssue(comic: Comic, chapter: Chapter, chapters: readonly Chapter[], origin: string): Record<string, unknown> {
  return {
    '@type': 'ComicIssue',
    '@id': absoluteUrl(readerPath(comic.id, chapter.id), origin),
    name: chapter.title,
    issueNumber: chapter.chapterNumber,
    url: absoluteUrl(readerPath(comic.id, chapter.id), origin),
    isAccessibleForFree: isFreeEpisode(chapter, chapters),
    ...(chapter.publishAt ? { datePublished: chapter.publishAt } : {}),
  }
}

/**
 * The structured data of a comic page (the series with its episodes as parts) or of a reader (the
 * episode, part of its series), in schema.org's vocabulary (ComicSeries, ComicIssue).
 */
export function comicStructuredData(page: Extract<HeadPage, { kind: 'comic' | 'reader' }>, origin: string, siteName: string, mode: SiteMode): Record<string, unknown> {
  const series = comicSeries(page.comic, origin, siteName, mode)
  const episodes = sortEpisodes(page.chapters)
  if (page.kind === 'comic') {
    return {
      '@context': 'https://schema.org',
      ...series,
      ...(episodes.length ? { hasPart: episodes.map((chapter) => comicIssue(page.comic, chapter, episodes, origin)) } : {}),
    }
  }
  const image = shareImageUrl(page.comic, origin)
  return {
    '@context': 'https://schema.org',
    ...comicIssue(page.comic, page.chapter, episodes.length ? episodes : [page.chapter], origin),
    ...(image ? { image } : {}),
    isPartOf: series,
  }
}

/**
 * A page's head from its data: the title (the kit's), a description (the comic's for a comic page and a
 * reader, else the site's), the canonical address, robots, Open Graph and Twitter card tags with the
 * comic's cover, and the structured data. Every URL is absolute on `origin`, the configured origin of the
 * page's host. The adult host's pages carry `rating: adult`, the label search engines' safe search reads.
 */
export function pageHead(input: PageHeadInput): PageHead {
  const { page, title, origin, siteName, mode } = input
  const comic = page.kind === 'comic' || page.kind === 'reader' ? page.comic : undefined
  const description = shortDescription(comic?.description || input.siteDescription)
  const path = canonicalPath(page)
  const canonical = path === undefined ? undefined : absoluteUrl(path, origin)
  const image = comic ? shareImageUrl(comic, origin) : undefined
  const meta: HeadMeta[] = [{ name: 'description', content: description }]
  if (!indexable(page)) meta.push({ name: 'robots', content: 'noindex' })
  if (mode === 'adult') meta.push({ name: 'rating', content: 'adult' })
  if (canonical) {
    meta.push(
      { property: 'og:type', content: page.kind === 'comic' ? 'book' : page.kind === 'reader' ? 'article' : 'website' },
      { property: 'og:site_name', content: siteName },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: canonical },
    )
    if (image) meta.push({ property: 'og:image', content: image }, { property: 'og:image:alt', content: comic!.title })
    meta.push(
      { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
    )
    if (image) meta.push({ name: 'twitter:image', content: image }, { name: 'twitter:image:alt', content: comic!.title })
  }
  const jsonLd = page.kind === 'comic' || page.kind === 'reader' ? comicStructuredData(page, origin, siteName, mode) : undefined
  return { title, description, ...(canonical ? { canonical } : {}), meta, ...(jsonLd ? { jsonLd } : {}) }
}

/** One address of a sitemap. */
export interface SitemapEntry {
  loc: string
  lastmod?: string
}

/** The pages of a host every visitor may read: home, categories and the policy pages. */
export const PUBLIC_PAGES: readonly string[] = Object.freeze([routes.home, routes.categories, routes.privacyPolicy, routes.termsOfUse, routes.paymentAndRefund])

/**
 * A host's sitemap from its catalogue: the public pages, every comic the host lists and each comic's
 * free episodes (core `isFreeEpisode`: a locked episode shows nothing to a search engine); never an
 * uncensored address.
 */
export function sitemapEntries(origin: string, catalogue: readonly { comic: Comic; chapters: readonly Chapter[] }[]): SitemapEntry[] {
  const entries: SitemapEntry[] = PUBLIC_PAGES.map((path) => ({ loc: absoluteUrl(path, origin) }))
  for (const { comic, chapters } of catalogue) {
    const episodes = sortEpisodes(chapters)
    entries.push({ loc: absoluteUrl(comicPath(comic.id), origin), ...(comic.createdAt ? { lastmod: comic.createdAt } : {}) })
    for (const chapter of episodes) {
      if (!isFreeEpisode(chapter, episodes)) continue
      entries.push({ loc: absoluteUrl(readerPath(comic.id, chapter.id), origin), ...(chapter.publishAt ? { lastmod: chapter.publishAt } : {}) })
    }
  }
  return entries
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** The sitemaps.org XML of `entries`. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ loc, lastmod }) => `  <url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${xmlText(lastmod)}</lastmod>` : ''}</url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/**
 * A host's robots.txt: every crawler may read the public pages (the adult host's too, labelled adult in
 * their head; see docs/decisions.md), none the private ones, and the sitemap is named by its absolute
 * address on the configured origin.
 */
export function robotsTxt(origin: string): string {
  // '/payment/' with its slash: '/payment-and-refund' is a public page.
  const privatePaths = [routes.account, routes.premium, '/payment/', routes.coins, routes.admin, routes.emailAction]
  return ['User-agent: *', 'Allow: /', ...privatePaths.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absoluteUrl('/sitemap.xml', origin)}`, ''].join('\n')
}

const LOOPBACK = /^(localhost|[^:]+\.localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i

/**
 * The configured origin of a mode's host, for every absolute address the site writes (canonical, Open
 * Graph, sitemap): the adult host, or the first mirror host for normal mode. Never taken from a request's
 * Host or X-Forwarded-Host, which a client chooses. `https` unless `protocol` says otherwise or the host
 * is a loopback one (local runs).
 * @example siteOrigin('normal', { adultHost: 'adult.example.com', mirrorHosts: ['example.com'] }) // 'https://example.com'
 */
export function siteOrigin(mode: SiteMode, config: HostConfig, protocol?: 'http' | 'https'): string {
  const host = mode === 'adult' ? config.adultHost : (config.mirrorHosts[0] ?? config.adultHost)
  return `${protocol ?? (LOOPBACK.test(host) ? 'http' : 'https')}://${host.toLowerCase()}`
}
