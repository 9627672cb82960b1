import { request, type IncomingHttpHeaders } from 'node:http'
import { createUser } from '@comics/auth-emulator'
import { describe, expect, test } from 'vitest'
import {
  categoriesComicsRequest,
  comicByIdRequest,
  comicChaptersRequest,
  hostComicsRequest,
  isFreeEpisode,
  MAX_LIMIT,
  routes,
  shortDescription,
  sortEpisodes,
  type Chapter,
  type Comic,
  type SiteMode,
} from '@comics/core'
import { DEFAULT_MESSAGES, pageTitle, type Messages } from '@comics/react'
import { SIGNED_IN_COOKIE } from '../../src/app/documentMarks'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { renderPngs, type ImageFile } from '@comics/test-stack/pageImages'
import { apiCalls } from '@comics/test-stack/apiCalls'
import { e2eStack } from '@comics/test-stack/stack'
import { PASSWORD, prepareVisitor, uniqueEmail } from '@comics/test-stack/visitor'

// What a crawler or a link preview sees: each public route's HTML fetched with plain HTTP, no JavaScript.
const stack = e2eStack()
const { adminPost, apiList } = apiCalls(stack.apiUrl)
const messages = DEFAULT_MESSAGES as Messages
const mirrorHost = `localhost:${stack.sitePort}`
const adultHost = `adult.localhost:${stack.sitePort}`
const hostOf = (mode: SiteMode) => (mode === 'adult' ? adultHost : mirrorHost)
const chromium = chromiumPerFile()

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** A GET to `url` (a loopback server) with `headers`, Host included: Node does not resolve *.localhost. */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers, timeout: 20_000 }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('error', reject)
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${url}`)))
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** A page of the site as a browser on `host` asks for it. */
const site = (path: string, host: string, headers: Record<string, string> = {}) =>
  get(`http://127.0.0.1:${stack.sitePort}${path}`, { host, accept: 'text/html', ...headers })

/** An absolute address as a crawler fetches it: loopback hosts reached on 127.0.0.1 with their Host. */
function fetchAbsolute(address: string): Promise<Answer> {
  const url = new URL(address)
  return get(`${url.protocol}//127.0.0.1:${url.port}${url.pathname}${url.search}`, { host: url.host, accept: 'image/*,*/*' })
}

/** Everything the API lists for a host: its comics (every page) and each one's episodes. */
async function hostCatalogue(mode: SiteMode): Promise<{ comic: Comic; chapters: Chapter[] }[]> {
  const comics: Comic[] = []
  for (let offset = 0; ; offset += MAX_LIMIT) {
    const page = await apiList<Comic>('/comics/list', hostComicsRequest({ ...categoriesComicsRequest(), limit: MAX_LIMIT, offset }, mode), hostOf(mode))
    comics.push(...page)
    if (page.length < MAX_LIMIT) break
  }
  return Promise.all(comics.map(async (comic) => ({ comic, chapters: sortEpisodes(await apiList<Chapter>('/chapters/list', comicChaptersRequest(comic.id), hostOf(mode))) })))
}

const decode = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

/** The head of a document as a crawler reads it. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => decode(match[1]!))
  const meta = (key: string) => {
    const found = [...head.matchAll(/<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"/g)].filter((match) => match[1] === key)
    return found.map((match) => decode(match[2]!))
  }
  const canonical = [...head.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((match) => decode(match[1]!))
  const jsonLd = [...head.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
  return { titles, meta, canonical, jsonLd }
}

/** What the server rendered into #root. */
function rendered(html: string): string {
  const start = html.indexOf('<div id="root"')
  return start < 0 ? '' : html.slice(html.indexOf('>', start) + 1, html.lastIndexOf('</div>', html.indexOf('</body>')))
}

async function expectImage(address: string) {
  const answer = await fetchAbsolute(address)
  expect(answer.status, address).toBe(200)
  expect(answer.headers['content-type'], address).toMatch(/^image\//)
}

describe("each public route's head, without JavaScript", () => {
  test('titles, descriptions, canonical addresses on the configured host, reachable preview images, structured data', async () => {
    for (const mode of ['normal', 'adult'] as const) {
      const host = hostOf(mode)
      const origin = `http://${host}`
      const facts = mode === 'normal' ? stack.catalogue.mirrorComic : stack.catalogue.uncensoredComic
      const [comic] = await apiList<Comic>('/comics/list', hostComicsRequest(comicByIdRequest(facts.id), mode), host)
      const chapters = sortEpisodes(await apiList<Chapter>('/chapters/list', comicChaptersRequest(facts.id), host))
      expect(comic && chapters.length >= 4).toBeTruthy()
      const free = chapters[0]!
      const locked = chapters[3]!
      const pages = [
        { path: routes.home, title: pageTitle(messages, { kind: 'home' }), description: messages['page.description'] },
        { path: routes.categories, title: pageTitle(messages, { kind: 'categories' }), description: messages['page.description'] },
        { path: routes.termsOfUse, title: pageTitle(messages, { kind: 'policy', policy: 'policy.termsOfUse' }), description: messages['page.description'] },
        { path: `/comic/${comic!.id}`, title: pageTitle(messages, { kind: 'comic', comic: comic! }), description: shortDescription(comic!.description), comic: 'ComicSeries' },
        { path: `/comic/${comic!.id}/${free.id}`, title: pageTitle(messages, { kind: 'reader', comic: comic!, chapter: free }), description: shortDescription(comic!.description), comic: 'ComicIssue' },
        // A locked episode: previewed by its series' cover, never by one of its pages.
        { path: `/comic/${comic!.id}/${locked.id}`, title: pageTitle(messages, { kind: 'reader', comic: comic!, chapter: locked }), description: shortDescription(comic!.description), comic: 'ComicIssue' },
      ]
      for (const page of pages) {
        const answer = await site(page.path, host)
        expect(answer.status, page.path).toBe(200)
        const head = headOf(answer.body)
        expect(head.titles, `${mode} ${page.path}`).toEqual([page.title])
        expect(head.meta('description'), page.path).toEqual([page.description])
        expect(head.canonical, page.path).toEqual([`${origin}${page.path}`])
        expect(head.meta('og:url')).toEqual([`${origin}${page.path}`])
        expect(head.meta('og:title')).toEqual([page.title])
        expect(head.meta('rating')).toEqual(mode === 'adult' ? ['adult'] : [])
        // One heading of the first level wherever the server renders the screen, a locked episode's reader
        // included (its titles come from the comic and its episodes; only its pages wait for the browser).
        const body = rendered(answer.body)
        const headings = body.match(/<h1[\s>]/g)?.length ?? 0
        expect(body.trim(), page.path).not.toBe('')
        expect(headings, page.path).toBe(1)
        if (!page.comic) {
          expect(head.jsonLd).toEqual([])
          continue
        }
        // The comic's cover, absolute, answering as an image: never a page of the episode.
        const cover = new URL(comic!.coverImageUrl, origin).href
        expect(head.meta('og:image'), page.path).toEqual([cover])
        expect(head.meta('twitter:image')).toEqual([cover])
        expect(head.meta('twitter:card')).toEqual(['summary_large_image'])
        await expectImage(cover)

        expect(head.jsonLd).toHaveLength(1)
        const data = head.jsonLd[0]!
        expect(data['@context']).toBe('https://schema.org')
        expect(data['@type']).toBe(page.comic)
        if (page.comic === 'ComicSeries') {
          expect(data.name).toBe(comic!.title)
          expect(data.url).toBe(`${origin}/comic/${comic!.id}`)
          const parts = data.hasPart as Record<string, unknown>[]
          expect(parts.map((part) => [part['@type'], part.name, part.issueNumber, part.url, part.isAccessibleForFree])).toEqual(
            chapters.map((chapter) => ['ComicIssue', chapter.title, chapter.chapterNumber, `${origin}/comic/${comic!.id}/${chapter.id}`, isFreeEpisode(chapter, chapters)]),
          )
        } else {
          const chapter = page.path.endsWith(free.id) ? free : locked
          expect([data.name, data.issueNumber, data.url, data.image, data.isAccessibleForFree]).toEqual([chapter.title, chapter.chapterNumber, `${origin}${page.path}`, cover, chapter === free])
          expect((data.isPartOf as Record<string, unknown>)['@type']).toBe('ComicSeries')
        }
      }

      // The uncensored edition: its canonical is the censored page, and it is not indexed.
      const uncensored = headOf((await site(`/comic/${comic!.id}/uncensored`, host)).body)
      expect(uncensored.canonical).toEqual([`${origin}/comic/${comic!.id}`])
      expect(uncensored.meta('robots')).toEqual(['noindex'])
      // A private page: titled, never indexed, no canonical.
      const premium = headOf((await site(routes.premium, host, { cookie: `${SIGNED_IN_COOKIE}=1` })).body)
      expect(premium.titles).toEqual([pageTitle(messages, { kind: 'premium' })])
      expect(premium.meta('robots')).toEqual(['noindex'])
      expect(premium.canonical).toEqual([])
      // A comic the host does not have.
      const missing = headOf((await site('/comic/999999999', host)).body)
      expect(missing.titles).toEqual([pageTitle(messages, { kind: 'notFound' })])
      expect(missing.meta('robots')).toEqual(['noindex'])
    }
  })

  test("absolute addresses come from the configured hosts, never from the request's Host or X-Forwarded-Host", async () => {
    const comic = stack.catalogue.mirrorComic
    const poisoned = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' }
    // 127.0.0.1 is a mirror host too: the canonical is still the configured (first) one.
    for (const host of [mirrorHost, `127.0.0.1:${stack.sitePort}`]) {
      const page = await site(`/comic/${comic.id}`, host, poisoned)
      expect(page.status).toBe(200)
      expect(page.body).not.toContain('evil.example')
      expect(headOf(page.body).canonical).toEqual([`http://${mirrorHost}/comic/${comic.id}`])
      for (const path of ['/robots.txt', '/sitemap.xml']) {
        const answer = await site(path, host, poisoned)
        expect(answer.status, path).toBe(200)
        expect(answer.body, path).not.toContain('evil.example')
        expect(answer.body, path).toContain(`http://${mirrorHost}/`)
        expect(answer.body).not.toContain('127.0.0.1')
      }
    }
    // A host the site does not serve: the page is redirected to the adult host, and it has no robots.txt
    // or sitemap of its own.
    const foreign = `evil.example:${stack.sitePort}`
    const page = await site(`/comic/${comic.id}`, foreign)
    expect(page.status).toBe(302)
    expect(page.headers.location).toBe(`http://${adultHost}/comic/${comic.id}`)
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const answer = await site(path, foreign)
      expect(answer.status, path).toBe(404)
      expect(answer.body).not.toContain('evil.example')
    }
  })
})

describe('robots.txt and sitemap.xml', () => {
  test('each host lists what the API lists for it (comics and free episodes) and nothing else', async () => {
    for (const mode of ['normal', 'adult'] as const) {
      const host = hostOf(mode)
      const origin = `http://${host}`
      const robots = await site('/robots.txt', host)
      expect(robots.status).toBe(200)
      expect(robots.headers['content-type']).toMatch(/^text\/plain/)
      expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`)
      expect(robots.body).toMatch(/^Disallow: \/account$/m)

      const sitemap = await site('/sitemap.xml', host)
      expect(sitemap.status).toBe(200)
      expect(sitemap.headers['content-type']).toMatch(/^application\/xml/)
      expect(sitemap.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
      const listed = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => decode(match[1]!))

      const catalogue = await hostCatalogue(mode)
      expect(catalogue.length).toBeGreaterThan(0)
      const expected = [routes.home, routes.categories, routes.privacyPolicy, routes.termsOfUse, routes.paymentAndRefund].map((path) => `${origin}${path}`)
      for (const { comic, chapters } of catalogue) {
        expected.push(`${origin}/comic/${comic.id}`)
        for (const chapter of chapters) if (isFreeEpisode(chapter, chapters)) expected.push(`${origin}/comic/${comic.id}/${chapter.id}`)
      }
      expect([...listed].sort()).toEqual([...expected].sort())
      expect(new Set(listed).size).toBe(listed.length)
      // The other host's comics are not there.
      const other = await hostCatalogue(mode === 'adult' ? 'normal' : 'adult')
      const own = new Set(catalogue.map(({ comic }) => comic.id))
      for (const { comic } of other) if (!own.has(comic.id)) expect(sitemap.body).not.toContain(`/comic/${comic.id}<`)
      // Every address listed answers with its page.
      for (const address of listed.slice(0, 8)) expect((await fetchAbsolute(address)).status, address).toBe(200)
    }
  })
})

describe('the sitemap follows the catalogue', () => {
  test("an admin's new comic and its free episodes appear, an episode numbered lower moves them, a deleted comic leaves", async () => {
    const origin = `http://${adultHost}`
    const sitemap = async () => [...(await site('/sitemap.xml', adultHost)).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => decode(match[1]!))
    // Built once before the edits: what follows must come from a rebuilt sitemap.
    const before = await sitemap()
    const admin = await createUser(stack.emulatorHost, { email: uniqueEmail('sitemap-admin'), password: PASSWORD, claims: { admin: true } })
    const [cover] = await renderPngs(chromium.browser, [{ name: 'cover.png', width: 600, height: 800, label: 'Cover' }])
    const [comic] = await adminPost(admin.idToken, '/comics', { title: `Sitemap ${Date.now().toString(36)}`, description: 'Listed, then moved, then gone.', contentRating: 'AO', genres: '["1"]', displayOnMirror: '0' }, [{ field: 'cover', image: cover! }])
    const ids = new Map<number, string>()
    const addEpisodes = async (numbers: number[]) => {
      const created = await adminPost(admin.idToken, '/chapters', { comicsId: comic!.id, chapters: JSON.stringify(numbers.map((n) => ({ title: `Episode ${n}`, chapterNumber: n, isFree: false }))) })
      for (const chapter of created) ids.set(chapter.chapterNumber!, chapter.id)
    }
    const episodesListed = async () => (await sitemap()).filter((loc) => loc.startsWith(`${origin}/comic/${comic!.id}/`)).sort()
    const addresses = (numbers: number[]) => numbers.map((n) => `${origin}/comic/${comic!.id}/${ids.get(n)}`).sort()
    try {
      await addEpisodes([10, 20, 30, 40])
      expect(await sitemap()).toContain(`${origin}/comic/${comic!.id}`)
      expect(await episodesListed()).toEqual(addresses([10, 20, 30]))
      // An episode before the first: 30 is no longer free, so it leaves the sitemap.
      await addEpisodes([5])
      expect(await episodesListed()).toEqual(addresses([5, 10, 20]))
      // The mirror host lists none of it (an AO comic).
      expect((await site('/sitemap.xml', mirrorHost)).body).not.toContain(`/comic/${comic!.id}<`)
    } finally {
      const deleted = await fetch(`${stack.apiUrl}/api/v1/comics`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [comic!.id] }),
      })
      expect(deleted.status).toBe(200)
    }
    expect(await sitemap()).toEqual(before)
  })
})

describe('titles in the browser', () => {
  test('follow client navigation and are announced in a polite live region', async () => {
    const comic = stack.catalogue.mirrorComic
    const { page, context } = await chromium.open()
    await prepareVisitor(context)
    await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    const comicTitle = pageTitle(messages, { kind: 'comic', comic })
    await expect.poll(() => page.title()).toBe(comicTitle)
    const live = page.locator('[aria-live="polite"][data-comics-page-title]')
    // The page as loaded: the browser reads its title, nothing is announced.
    await expect.poll(() => live.textContent()).toBe('')
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)

    // To Categories through the top bar, without a page load.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).first().click()
    const categoriesTitle = pageTitle(messages, { kind: 'categories' })
    await expect.poll(() => page.title()).toBe(categoriesTitle)
    await expect.poll(() => live.textContent()).toBe(categoriesTitle)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1)

    // Back to the comic, then into the reader's first episode.
    await page.goBack()
    await expect.poll(() => page.title()).toBe(comicTitle)
    await expect.poll(() => live.textContent()).toBe(comicTitle)
    await page.getByRole('button', { name: 'Start Reading' }).first().click()
    const readerTitle = pageTitle(messages, { kind: 'reader', comic, chapter: { chapterNumber: (await apiList<Chapter>('/chapters/list', comicChaptersRequest(comic.id), mirrorHost)).find((chapter) => chapter.id === comic.chapterIds[0])!.chapterNumber } })
    await expect.poll(() => page.title()).toBe(readerTitle)
    await expect.poll(() => live.textContent()).toBe(readerTitle)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1)

    // A locked episode and the home page, loaded afresh by a first visitor (the server renders a first
    // visit): one heading of the first level each.
    const fresh = await chromium.open()
    await prepareVisitor(fresh.context)
    for (const path of [`/comic/${comic.id}/${comic.chapterIds[3]}`, routes.home]) {
      await fresh.page.goto(`${stack.mirrorOrigin}${path}`)
      await expect.poll(() => fresh.page.getByRole('heading', { level: 1 }).count(), { message: path }).toBe(1)
    }
    await expect.poll(() => fresh.page.title()).toBe(pageTitle(messages, { kind: 'home' }))
  })
})
