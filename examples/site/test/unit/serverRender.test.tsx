import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { QueryClient, hydrate } from '@tanstack/react-query'
import {
  assetVariant,
  categoriesComicsRequest,
  comicByIdRequest,
  comicChaptersRequest,
  createComicsApi,
  episodeAssetsRequest,
  homeComicsRequest,
  hostComicsRequest,
} from '@comics/core'
import { chaptersQueryOptions, comicQueryOptions, comicsQueryOptions, episodeAssetsQueryOptions } from '@comics/react'
import { MOCK_ASSETS, MOCK_CHAPTERS, MOCK_COMICS } from '@comics/mocks'
import { QUERY_CACHE_ELEMENT_ID } from '../../src/app/documentMarks'
import { documentScriptsAfterPaint, documentStylesFirst, documentWithPreloads, documentWithRender, jsonInScript, PRELOADS_MARKER, splitImagePreloads } from '../../src/server/document'
import { serverLanding } from '../../src/server/renderLanding'

const SITE = 'http://localhost:4173'
const comic = MOCK_COMICS.find((c) => c.contentRating !== 'AO')!
const chapters = MOCK_CHAPTERS.filter((c) => c.comicsId === comic.id)
const chapter = chapters[0]!
const pages = MOCK_ASSETS.filter((a) => a.chapterId === chapter.id && a.variant === assetVariant({ mode: 'normal', uncensored: false }))

/** A real API stand-in on loopback: the fixtures' answers by path, and every call it got. */
interface Call {
  path: string
  host: string
  body: unknown
}
let api: Server
let apiBase = ''
const calls: Call[] = []
let refused = new Set<string>()

beforeAll(async () => {
  api = createServer((request, response) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (text += chunk))
    request.on('end', () => {
      const path = (request.url ?? '').replace('/api/v1', '')
      calls.push({ path, host: request.headers.host ?? '', body: JSON.parse(text || 'null') })
      const data = { '/comics/list': [comic], '/chapters/list': chapters, '/comics-assets/list': pages }[path]
      const status = refused.has(path) ? 503 : data ? 200 : 404
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(status === 200 ? { data, total: data!.length } : { error: { code: 'unavailable', message: 'No' } }))
    })
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  apiBase = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/v1`
})
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())))
beforeEach(() => {
  calls.length = 0
  refused = new Set()
})

const render = async (path: string, host = SITE) => (await serverLanding(`${host}${path}`, { apiBase })?.render()) ?? null
/** The kit's query options as the browser's hooks build them (their keys are what the cache is looked up by). */
const kitApi = createComicsApi({ baseUrl: '/api/v1', siteMode: 'normal' })

describe('the server render of a public screen', () => {
  it("fetches the reader's first queries with the kit's own requests and the visitor's Host, and renders its title, episode and first page", async () => {
    const rendered = (await render(`/comic/${comic.id}/${chapter.id}`))!
    expect(calls.map(({ path, host, body }) => [path, host, body])).toEqual([
      ['/comics/list', 'localhost:4173', hostComicsRequest(comicByIdRequest(comic.id), 'normal')],
      ['/chapters/list', 'localhost:4173', comicChaptersRequest(comic.id)],
      ['/comics-assets/list', 'localhost:4173', episodeAssetsRequest({ comicId: comic.id, chapterId: chapter.id, variant: assetVariant({ mode: 'normal', uncensored: false }) })],
    ])
    expect(rendered.html).toContain(`<h1 class="comics-reader__comic-title" title="${comic.title}">${comic.title}</h1>`)
    expect(rendered.html).toContain(chapter.title)
    const images = [...rendered.html.matchAll(/<img [^>]*class="comics-reader__image"[^>]*>/g)].map((match) => match[0])
    expect(images).toHaveLength(1)
    expect(images[0]).toContain(`alt="Page 1 of ${pages.length}"`)
    expect(images[0]).toContain('fetchPriority="high"')
    expect(rendered.complete).toBe(true)
  })

  it("sends the cache it rendered with, under the keys of the kit's hooks, so the browser's first render asks for nothing", async () => {
    const { queries } = (await render(`/comic/${comic.id}/${chapter.id}/uncensored`))!
    const browser = new QueryClient()
    hydrate(browser, JSON.parse(jsonInScript(queries)))
    const variant = assetVariant({ mode: 'normal', uncensored: true })
    expect(browser.getQueryData(comicQueryOptions(kitApi, 'normal', comic.id).queryKey)).toEqual(comic)
    expect(browser.getQueryData(chaptersQueryOptions(kitApi, comic.id).queryKey)).toHaveLength(chapters.length)
    expect(browser.getQueryData(episodeAssetsQueryOptions(kitApi, { comicId: comic.id, chapterId: chapter.id, variant }, null).queryKey)).toHaveLength(pages.length)
    expect(calls.at(-1)!.body).toEqual(episodeAssetsRequest({ comicId: comic.id, chapterId: chapter.id, variant }))
  })

  it('renders the comic page with its cover and episodes, the home page with its newest comics, categories with the address genre', async () => {
    const comicPage = (await render(`/comic/${comic.id}`))!
    expect(comicPage.html).toContain('comics-comic-preview__cover-image')
    expect(comicPage.html).toContain(comic.title)
    expect(comicPage.html).toContain(chapter.title)
    const home = (await render('/'))!
    expect(home.html).toContain(comic.title)
    expect(calls.at(-1)!.body).toEqual(hostComicsRequest(homeComicsRequest(), 'normal'))

    calls.length = 0
    const genre = comic.genres[0]!
    const categories = (await render(`/categories?genre=${genre.id}`))!
    expect(categories.html).toContain(genre.name.toUpperCase())
    expect(categories.html).toContain(comic.title)
    expect(calls.map((call) => call.body)).toEqual([
      hostComicsRequest(categoriesComicsRequest(), 'normal'),
      hostComicsRequest(categoriesComicsRequest(genre.id), 'normal'),
    ])
    const browser = new QueryClient()
    hydrate(browser, categories.queries)
    expect(browser.getQueryData(comicsQueryOptions(kitApi, 'normal', { preset: 'categories', genreId: genre.id }).queryKey)).toEqual([comic])
  })

  it('renders the policy pages, which make no call', async () => {
    for (const [path, title] of [['/privacy-policy', 'Privacy Policy'], ['/terms-of-use', 'Terms of Use'], ['/payment-and-refund', 'Payment and Refund Policy']]) {
      const page = (await render(path!))!
      expect(page.html, path).toContain(title)
      expect(page.complete).toBe(true)
    }
    expect(calls).toEqual([])
  })

  it("leaves a refused query out of the render and the cache: the browser's hooks ask again", async () => {
    refused = new Set(['/comics-assets/list'])
    const rendered = (await render(`/comic/${comic.id}/${chapter.id}`))!
    expect(rendered.html).not.toContain('comics-reader__image')
    expect(rendered.html).toContain(comic.title)
    expect(rendered.complete).toBe(false)
    expect(rendered.queries.queries.map((query) => query.state.status)).toEqual(['success', 'success'])
    // One attempt: the page is not held for retries.
    expect(calls.filter((call) => call.path === '/comics-assets/list')).toHaveLength(1)
  })

  it("renders the adult host's screens with its age gate first, before anything of the page, and asks the API as the adult host", async () => {
    const rendered = (await render(`/comic/${comic.id}`, 'http://adult.localhost:4173'))!
    expect(calls[0]).toEqual({ path: '/comics/list', host: 'adult.localhost:4173', body: hostComicsRequest(comicByIdRequest(comic.id), 'adult') })
    const gate = rendered.html.indexOf('Are you over the age of 18?')
    expect(gate).toBeGreaterThan(0)
    expect(rendered.html.slice(0, gate)).toMatch(/class="comics-dialog__backdrop comics-age-modal__backdrop"[^>]*>\s*<div[^>]*role="dialog" aria-modal="true"/)
    // Nothing of the page (its top bar, the comic) comes before the gate.
    expect(rendered.html.indexOf(comic.title)).toBeGreaterThan(gate)
    expect(rendered.html.slice(0, gate)).not.toContain('comics-top-bar')
    // The mirror host has no gate.
    expect((await render(`/comic/${comic.id}`))!.html).not.toContain('Are you over the age of 18?')
  })

  it('renders nothing on an unknown host or on a signed-in screen', async () => {
    for (const url of [`http://elsewhere.example/comic/${comic.id}`, `${SITE}/premium`, `${SITE}/account`]) {
      expect(serverLanding(url, { apiBase })).toBeNull()
    }
    expect(calls).toEqual([])
  })
})

describe('the document of a server render', () => {
  const template =
    '<html><head><title>Comics</title>\n    <!-- route-preloads -->\n    <script type="module" src="/a.js"></script></head><body><div id="root"></div></body></html>'

  it('marks #root for a visitor who passed the age gate before', () => {
    expect(documentWithRender(template, '<main></main>', {}, ['data-age-passed'])).toContain('<div id="root" data-server-rendered data-age-passed><main></main></div>')
  })

  it("puts the cache before the first script and the markup into #root, marked, and the request's preloads at the marker", () => {
    const queries = { mutations: [], queries: [{ queryKey: ['x'], queryHash: '["x"]', state: { data: 1 } }] }
    const html = documentWithRender(documentWithPreloads(template, ['<link rel="modulepreload" href="/s.js">']), '<main>Hello</main>', queries)
    expect(html).toContain(`<link rel="modulepreload" href="/s.js">\n    <script type="application/json" id="${QUERY_CACHE_ELEMENT_ID}">${JSON.stringify(queries)}</script>`)
    // Before the body: a signed-in visitor's storage hides the guest's markup (the session store's key).
    expect(html).toMatch(/<script>try\{if\(JSON\.parse\(localStorage\.getItem\("authToken"\)/)
    expect(html).toContain('<div id="root" data-server-rendered><main>Hello</main></div>')
    expect(html).not.toContain(PRELOADS_MARKER)
  })

  it('keeps an answer from closing its element or starting a comment', () => {
    const text = jsonInScript({ title: '</script><script>alert(1)</script><!--' })
    expect(text).not.toMatch(/<\/script|<!--/i)
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script><!--' })
  })

  it("asks for the stylesheet before any script: the build's stylesheets move up to the marker, ahead of the preloads and the entry", () => {
    const built =
      '<head>\n    <!-- route-preloads -->\n    <script type="module" crossorigin src="/assets/index.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react.js">\n    <link rel="stylesheet" crossorigin href="/assets/index.css">\n  </head>'
    const html = documentWithPreloads(documentStylesFirst(built), ['<link rel="modulepreload" crossorigin href="/assets/Home.js">'])
    const at = (text: string) => html.indexOf(text)
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1)
    expect(at('/assets/index.css')).toBeGreaterThan(-1)
    for (const script of ['/assets/Home.js', '/assets/index.js', '/assets/react.js']) expect(at('/assets/index.css')).toBeLessThan(at(script))
    expect(documentStylesFirst('<head><!-- route-preloads --></head>')).toBe('<head><!-- route-preloads --></head>')
  })

  it("takes the image preloads React writes at the start of its markup out of it, for the head; the rest of the markup stays as it was", () => {
    const preload = '<link rel="preload" as="image" imageSrcSet="/p.webp?w=480 480w, /p.webp 800w" imageSizes="100vw" fetchPriority="high"/>'
    const markup = '<div class="site-layout"><img src="/p.webp" fetchPriority="high"/></div>'
    expect(splitImagePreloads(preload + markup)).toEqual({ preloads: [preload], html: markup })
    expect(splitImagePreloads(markup)).toEqual({ preloads: [], html: markup })
    // A preload inside the markup is the markup's own.
    expect(splitImagePreloads(`<main>${preload}</main>`).preloads).toEqual([])
  })

  it("asks for a rendered page's module scripts and their preloads at low priority, and nothing else", () => {
    const head =
      '<link rel="stylesheet" crossorigin href="/assets/index.css">\n<link rel="preload" as="image" href="/p.webp" fetchPriority="high"/>\n<link rel="modulepreload" crossorigin href="/assets/Home.js">\n<script type="module" crossorigin src="/assets/index.js"></script>\n<script type="application/json" id="x">{}</script>'
    const low = documentScriptsAfterPaint(head)
    expect(low).toContain('<link rel="modulepreload" crossorigin href="/assets/Home.js" fetchpriority="low">')
    expect(low).toContain('<script type="module" crossorigin src="/assets/index.js" fetchpriority="low"></script>')
    expect(low.match(/fetchpriority="low"/g)).toHaveLength(2)
    expect(low).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">')
    expect(low).toContain('fetchPriority="high"/>')
    // Once only.
    expect(documentScriptsAfterPaint(low)).toBe(low)
  })

  it('refuses a template without an empty #root or without the preloads marker', () => {
    expect(() => documentWithRender('<html><body><script></script></body></html>', '', {})).toThrow(/#root/)
    expect(() => documentWithPreloads('<html></html>', [])).toThrow(/route-preloads/)
  })
})
