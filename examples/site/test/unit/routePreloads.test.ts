import { describe, expect, it } from 'vitest'
import { assetSrcSet, assetVariant, comicByIdRequest, createComicsApi, type PreloadedAnswer, type PreloadedCalls, type SiteMode } from '@comics/core'
import { MOCK_ASSETS, MOCK_CHAPTERS, MOCK_COMICS } from '@comics/mocks'
import { chaptersQueryOptions, comicQueryOptions, comicsQueryOptions, createDefaultQueryClient, episodeAssetsQueryOptions } from '@comics/react'
import { landingCallTable, withParams } from '../../landingCalls'
import { primeLandingQueries } from '../../src/app/primeLandingQueries'
import * as screens from '../../src/routes/lazyScreens'
import { landingAt } from '../../src/routes/siteRoutes'
import { READER_PAGE_SIZES } from '../../../../packages/react/src/components/Reader/pageSizes'
import { LANDING_SCREENS, routePreloadScript, type DocumentCallsConfig } from '../../routePreloads'
import { ANSWERS_ELEMENT_ID, jsonInScript } from '../../src/server/document'

/** The name of the lazy screen the site's router shows at `path` (through RequireSignIn and the like). */
function routedScreen(path: string): string | undefined {
  const screen = landingAt(path)?.screen
  return Object.entries(screens).find(([, component]) => component === screen)?.[0]
}

/** The screen whose chunks the preload script picks for `path` (the first matching pattern). */
const preloadedScreen = (path: string) => LANDING_SCREENS.find((entry) => entry.path.test(path))?.screen

interface AddedLink {
  rel: string
  href: string
  crossOrigin?: string | null
  as?: string
  fetchPriority?: string
  imageSrcset?: string
  imageSizes?: string
}

interface Page {
  pathname: string
  host?: string
  storedToken?: string
  /** The answer of each call, by path; default a 200 with `{ data: [] }`. */
  /** An answer may come later: a promise of it. */
  answers?: Record<string, { status: number; data: unknown } | Promise<{ status: number; data: unknown }>>
  /** Resource Timing as the page sees it: the urls already downloaded, and whether it can be observed. */
  downloaded?: string[]
  observable?: boolean
  /** The answers the server rendered the page with, in the document (serverRender.ts). */
  served?: [string, PreloadedAnswer][]
}

/** Runs the inline script as a browser would, at `page`, and returns the links it added and the calls it started. */
async function runScript(script: string, page: Page) {
  const added: AddedLink[] = []
  const fetched: { url: string; body: string }[] = []
  const htmlAttributes: string[] = []
  const served = page.served && { textContent: jsonInScript(page.served) }
  const document = {
    createElement: () => ({ rel: '', href: '' }) as AddedLink,
    head: { append: (link: AddedLink) => added.push(link) },
    getElementById: (id: string) => (id === ANSWERS_ELEMENT_ID ? (served ?? null) : null),
    documentElement: { setAttribute: (name: string) => htmlAttributes.push(name) },
  }
  const host = page.host ?? 'adult.localhost:4173'
  const location = { pathname: page.pathname, host, hostname: host.split(':')[0], port: host.split(':')[1] ?? '', href: `http://${host}${page.pathname}` }
  const localStorage = { getItem: (key: string) => (key === 'authToken' && page.storedToken ? JSON.stringify(page.storedToken) : null) }
  const fetch = async (url: string, init: { body: string }) => {
    fetched.push({ url, body: init.body })
    const path = url.replace(/^\/api\/v1/, '')
    const answer = (await page.answers?.[path]) ?? { status: 200, data: { data: [] } }
    return { status: answer.status, json: async () => answer.data }
  }
  const window: { __comicsPreloadedCalls?: PreloadedCalls; __comicsEntryRuns?: () => void } = {}
  const downloaded = (page.downloaded ?? []).map((url) => new URL(url, `http://${host}/`).href)
  const performance = { getEntriesByName: (name: string) => downloaded.filter((url) => url === name).map((url) => ({ name: url })) }
  const observers: ((list: { getEntries: () => { name: string }[] }) => void)[] = []
  class PerformanceObserver {
    constructor(private readonly callback: (list: { getEntries: () => { name: string }[] }) => void) {}
    observe(options: { type: string }) {
      if (page.observable === false || options.type !== 'resource') throw new TypeError('not supported')
      observers.push(this.callback)
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1)
    }
  }
  const contentLoaded: (() => void)[] = []
  const addEventListener = (type: string, listener: () => void) => type === 'DOMContentLoaded' && contentLoaded.push(listener)
  new Function('location', 'document', 'localStorage', 'fetch', 'window', 'performance', 'PerformanceObserver', 'addEventListener', script)(
    location, document, localStorage, fetch, window, performance, PerformanceObserver, addEventListener,
  )
  await new Promise((resolve) => setTimeout(resolve, 0))
  return {
    added,
    fetched,
    htmlAttributes,
    calls: window.__comicsPreloadedCalls,
    /** Resource Timing reports the download of `url` to the observers. */
    download: (url: string) => {
      const entry = { name: new URL(url, `http://${host}/`).href }
      for (const observer of [...observers]) observer({ getEntries: () => [entry] })
    },
    fireContentLoaded: () => contentLoaded.forEach((listener) => listener()),
    /** The entry script's first module runs (src/entryRuns.ts). */
    entryRuns: () => window.__comicsEntryRuns?.(),
  }
}

/** The script index.html gets: the landing screens with one chunk each and their calls. */
const siteScript = (config?: DocumentCallsConfig) =>
  routePreloadScript(
    LANDING_SCREENS.map(({ screen, path }) => ({ path, files: [`/assets/${screen}.js`], calls: landingCallTable(screen) })),
    config,
  )

/** The kit's client as the site makes it, taking the document's calls; it fails the test if it sends anything. */
function kitClient(siteMode: SiteMode, preloaded: PreloadedCalls | undefined) {
  const sent: unknown[] = []
  const api = createComicsApi({
    baseUrl: '/api/v1',
    siteMode,
    preloaded,
    axiosInstance: { request: async (request: unknown) => (sent.push(request), { data: { data: [] } }) } as never,
  })
  return { api, sent }
}

describe('route preloads', () => {
  it.each([
    ['/', 'HomeScreen'],
    ['/categories', 'CategoriesScreen'],
    ['/Categories/', 'CategoriesScreen'],
    ['/comic/4', 'ComicScreen'],
    ['/comic/4/', 'ComicScreen'],
    ['/comic/4/uncensored', 'ComicScreen'],
    ['/comic/4/401', 'ReaderScreen'],
    ['/comic/4/401/uncensored', 'ReaderScreen'],
    ['/premium', 'PremiumScreen'],
  ])('picks for %s the screen the router shows there (%s)', (path, screen) => {
    expect(routedScreen(path)).toBe(screen)
    expect(preloadedScreen(path)).toBe(screen)
  })

  it.each(['/account', '/payment/plan-1', '/privacy-policy', '/admin', '/comic/4/401/extra', '/nowhere'])(
    'preloads nothing at %s, which none of the landing screens shows',
    (path) => {
      expect(preloadedScreen(path)).toBeUndefined()
      expect(LANDING_SCREENS.map((entry) => entry.screen)).not.toContain(routedScreen(path))
    },
  )

  it('adds a modulepreload link for each file of the first matching screen only', async () => {
    const script = routePreloadScript([
      { path: /^\/?$/i, files: ['/assets/Home.js', '/assets/carousel.js'] },
      { path: /^\/comic\/[^/]+$/i, files: ['/assets/Comic.js'] },
      { path: /^\/comic\/.*$/i, files: ['/assets/Other.js'] },
    ])
    expect((await runScript(script, { pathname: '/' })).added).toEqual([
      { rel: 'modulepreload', href: '/assets/Home.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/carousel.js', crossOrigin: '' },
    ])
    expect((await runScript(script, { pathname: '/comic/7' })).added.map((link) => link.href)).toEqual(['/assets/Comic.js'])
    expect((await runScript(script, { pathname: '/premium' })).added).toEqual([])
  })

  it("starts a guest's reader calls with the bodies the kit sends, and preloads the first page", async () => {
    const comic = MOCK_COMICS.find((c) => c.contentRating === 'AO')!
    const chapter = MOCK_CHAPTERS.find((c) => c.comicsId === comic.id)!
    const pages = MOCK_ASSETS.filter((a) => a.chapterId === chapter.id && a.variant === 'censored')
    const { added, fetched, calls } = await runScript(siteScript(), {
      pathname: `/comic/${comic.id}/${chapter.id}`,
      answers: {
        '/comics/list': { status: 200, data: { data: [comic], total: 1 } },
        '/chapters/list': { status: 200, data: { data: [chapter], total: 1 } },
        '/comics-assets/list': { status: 200, data: { data: pages, total: pages.length } },
      },
    })
    expect(fetched.map((call) => call.url)).toEqual(['/api/v1/comics/list', '/api/v1/chapters/list', '/api/v1/comics-assets/list'])
    expect(added.filter((link) => link.rel === 'preload')).toEqual([{ rel: 'preload', href: pages[0]!.url, as: 'image', fetchPriority: 'high' }])

    const { api, sent } = kitClient('adult', calls)
    expect((await api.comics.list(comicByIdRequest(comic.id))).data).toEqual([comic])
    expect((await api.chapters.ofComic(comic.id)).data).toEqual([chapter])
    const variant = assetVariant({ mode: 'adult', uncensored: false })
    expect((await api.assets.ofEpisode({ comicId: comic.id, chapterId: chapter.id, variant })).data).toEqual(pages)
    expect(sent).toEqual([])
    // Each answer is taken once: the next call of the same episode goes to the API.
    await api.chapters.ofComic(comic.id)
    expect(sent).toHaveLength(1)
  })

  describe('a page the server rendered (serverRender.ts)', () => {
    const comic = MOCK_COMICS.find((c) => c.contentRating !== 'AO')!
    const chapter = MOCK_CHAPTERS.find((c) => c.comicsId === comic.id)!
    const variant = assetVariant({ mode: 'normal', uncensored: false })
    const pages = MOCK_ASSETS.filter((a) => a.chapterId === chapter.id && a.variant === variant)
    const pathname = `/comic/${comic.id}/${chapter.id}`
    const keys = landingCallTable('ReaderScreen')['normal']!.map((call) => withParams(call, { comicId: comic.id, chapterId: chapter.id }).key)
    const served: [string, PreloadedAnswer][] = [
      [keys[0]!, { status: 200, data: { data: [comic], total: 1 } }],
      [keys[1]!, { status: 200, data: { data: [chapter], total: 1 } }],
      [keys[2]!, { status: 200, data: { data: pages, total: pages.length } }],
    ]

    it("gives a guest's client the answers it was rendered with, and starts no call and no image preload", async () => {
      const { added, fetched, calls, htmlAttributes } = await runScript(siteScript(), { pathname, host: 'localhost:4173', served })
      expect(fetched).toEqual([])
      // The page's image is in the document already.
      expect(added).toEqual([{ rel: 'modulepreload', href: '/assets/ReaderScreen.js', crossOrigin: '' }])
      expect(htmlAttributes).toEqual([])
      const { api, sent } = kitClient('normal', calls)
      expect((await api.comics.list(comicByIdRequest(comic.id))).data).toEqual([comic])
      expect((await api.chapters.ofComic(comic.id)).data).toEqual([chapter])
      expect(pages.length).toBeGreaterThan(0)
      expect((await api.assets.ofEpisode({ comicId: comic.id, chapterId: chapter.id, variant })).data).toEqual(pages)
      expect(sent).toEqual([])
    })

    it("marks the document for a signed-in visitor, whose first render is not the guest's the server made", async () => {
      const { fetched, calls, htmlAttributes } = await runScript(siteScript(), { pathname, host: 'localhost:4173', served, storedToken: 'token' })
      expect(htmlAttributes).toEqual(['data-client-render'])
      expect(fetched).toEqual([])
      expect(calls).toBeUndefined()
    })

    it('leaves a signed-in visitor\'s document unmarked where the server rendered nothing', async () => {
      const { htmlAttributes } = await runScript(siteScript(), { pathname, host: 'localhost:4173', storedToken: 'token' })
      expect(htmlAttributes).toEqual([])
    })
  })

  it.each([
    ['/api/v1/files/a.webp', [750, 480, 640, 480, 1080]],
    ['https://cdn.example/p/a.webp?v=2#top', [480]],
  ])("preloads a first page with renditions (%s) with the Reader's srcset and sizes", async (url, widths) => {
    const page = { id: '1', url, width: 800, height: 1445, widths }
    const { added } = await runScript(siteScript(), {
      pathname: '/comic/4/401',
      answers: { '/comics-assets/list': { status: 200, data: { data: [page], total: 1 } } },
    })
    const srcset = assetSrcSet(page)
    expect(srcset).toBeDefined()
    expect(added.filter((link) => link.rel === 'preload')).toEqual([
      { rel: 'preload', href: url, as: 'image', fetchPriority: 'high', imageSrcset: srcset, imageSizes: READER_PAGE_SIZES },
    ])
  })

  describe("the first image waits for the entry script's download", () => {
    const page = { id: '1', url: '/api/v1/files/a.webp', width: 800, height: 1445 }
    const visit = { pathname: '/comic/4/401', answers: { '/comics-assets/list': { status: 200, data: { data: [page], total: 1 } } } }
    const script = siteScript({ apiBaseUrl: '/api/v1', entryFile: '/assets/index-abc.js' })
    const preloads = (added: AddedLink[]) => added.filter((link) => link.rel === 'preload').map((link) => link.href)

    it('is preloaded once Resource Timing reports the entry, not for other downloads', async () => {
      const run = await runScript(script, visit)
      expect(run.fetched).toHaveLength(3)
      expect(preloads(run.added)).toEqual([])
      run.download('/assets/index-abc.css')
      expect(preloads(run.added)).toEqual([])
      run.download('/assets/index-abc.js')
      expect(preloads(run.added)).toEqual([page.url])
      // Once only, whatever comes after.
      run.download('/assets/index-abc.js')
      run.fireContentLoaded()
      expect(preloads(run.added)).toEqual([page.url])
    })

    it('is preloaded as soon as the entry starts running, before Resource Timing reports it, once only', async () => {
      const run = await runScript(script, visit)
      expect(preloads(run.added)).toEqual([])
      run.entryRuns()
      expect(preloads(run.added)).toEqual([page.url])
      run.download('/assets/index-abc.js')
      run.fireContentLoaded()
      run.entryRuns()
      expect(preloads(run.added)).toEqual([page.url])
    })

    it('is preloaded at once when the answer arrives after the entry started running', async () => {
      let answer!: (value: { status: number; data: unknown }) => void
      const late = new Promise<{ status: number; data: unknown }>((resolve) => (answer = resolve))
      const run = await runScript(script, { ...visit, answers: { '/comics-assets/list': late } })
      run.entryRuns()
      expect(preloads(run.added)).toEqual([])
      answer({ status: 200, data: { data: [page], total: 1 } })
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(preloads(run.added)).toEqual([page.url])
    })

    it('is preloaded at once when the entry had downloaded before the answer', async () => {
      const run = await runScript(script, { ...visit, downloaded: ['/assets/index-abc.js'] })
      expect(preloads(run.added)).toEqual([page.url])
    })

    it('is preloaded at once where Resource Timing cannot be observed, at DOMContentLoaded if never reported', async () => {
      expect(preloads((await runScript(script, { ...visit, observable: false })).added)).toEqual([page.url])
      const unreported = await runScript(script, visit)
      unreported.fireContentLoaded()
      expect(preloads(unreported.added)).toEqual([page.url])
    })

    it('leaves the chunks and the calls as they were: they start at once', async () => {
      const run = await runScript(script, visit)
      expect(run.added.filter((link) => link.rel === 'modulepreload').map((link) => link.href)).toEqual(['/assets/ReaderScreen.js'])
      expect(run.fetched.map((call) => call.url)).toEqual(['/api/v1/comics/list', '/api/v1/chapters/list', '/api/v1/comics-assets/list'])
    })
  })

  it('asks for the mode and variant of the host: legal pages and T/M ratings on a mirror', async () => {
    const { fetched, calls } = await runScript(siteScript(), { pathname: '/comic/4/401/', host: 'localhost:4173' })
    expect(fetched.map((call) => JSON.parse(call.body) as { filters: Record<string, unknown> }).map((body) => body.filters)).toEqual([
      { id: ['4'], contentRating: ['T', 'M'] },
      { comicsId: ['4'] },
      { comicsId: ['4'], chapterId: ['401'], variant: ['legal'] },
    ])
    const { api, sent } = kitClient('normal', calls)
    await api.comics.list(comicByIdRequest('4'))
    await api.assets.ofEpisode({ comicId: '4', chapterId: '401', variant: assetVariant({ mode: 'normal', uncensored: false }) })
    expect(sent).toEqual([])
  })

  it('escapes the address parameters into the bodies', async () => {
    const { fetched } = await runScript(siteScript(), { pathname: '/comic/a%22b' })
    expect((JSON.parse(fetched[0]!.body) as { filters: { id: string[] } }).filters.id).toEqual(['a"b'])
  })

  it("preloads the client's first-request chunks (axios) only where the document starts no call", async () => {
    const script = siteScript({ apiBaseUrl: '/api/v1', clientFiles: ['/assets/axios.js'] })
    const preloadsClient = async (page: Page) =>
      (await runScript(script, page)).added.some((link) => link.rel === 'modulepreload' && link.href === '/assets/axios.js')
    // A guest landing on the reader, a comic page or home: the kit's first calls are the document's.
    expect(await preloadsClient({ pathname: '/comic/4/401' })).toBe(false)
    expect(await preloadsClient({ pathname: '/comic/4' })).toBe(false)
    expect(await preloadsClient({ pathname: '/' })).toBe(false)
    // Its first calls go out: signed in, a screen whose calls the document does not start, any other page, another host.
    expect(await preloadsClient({ pathname: '/comic/4/401', storedToken: 'token' })).toBe(true)
    expect(await preloadsClient({ pathname: '/premium' })).toBe(true)
    expect(await preloadsClient({ pathname: '/account' })).toBe(true)
    expect(await preloadsClient({ pathname: '/', host: 'elsewhere.example' })).toBe(true)
  })

  it('starts nothing for a signed-in reader, on a host the site does not serve, or on other screens', async () => {
    expect((await runScript(siteScript(), { pathname: '/comic/4', storedToken: 'token' })).fetched).toEqual([])
    expect((await runScript(siteScript(), { pathname: '/comic/4', host: 'elsewhere.example' })).fetched).toEqual([])
    expect((await runScript(siteScript(), { pathname: '/premium' })).fetched).toEqual([])
    const configured = siteScript({ apiBaseUrl: 'https://api.example/v1', adultHost: 'adult.example', mirrorHosts: ['mirror.example'] })
    const onAdult = await runScript(configured, { pathname: '/', host: 'adult.example' })
    expect(onAdult.fetched.map((call) => call.url)).toEqual(['https://api.example/v1/comics/list'])
    expect((await runScript(configured, { pathname: '/', host: 'adult.localhost:4173' })).fetched).toEqual([])
  })

  it("gives the kit the document's error answer as the call's failure, and a retry sends the call", async () => {
    const { calls } = await runScript(siteScript(), {
      pathname: '/comic/4',
      answers: { '/chapters/list': { status: 503, data: { error: { code: 'database_unavailable', message: 'Retry' } } } },
    })
    const { api, sent } = kitClient('adult', calls)
    await expect(api.chapters.ofComic('4')).rejects.toMatchObject({ status: 503, code: 'database_unavailable' })
    expect(sent).toEqual([])
    await api.chapters.ofComic('4')
    expect(sent).toHaveLength(1)
  })
})

describe("the landing screen's queries filled from the document's answers", () => {
  const comic = MOCK_COMICS.find((c) => c.contentRating === 'AO')!
  const chapters = MOCK_CHAPTERS.filter((c) => c.comicsId === comic.id)
  const chapter = chapters[0]!
  const pages = MOCK_ASSETS.filter((a) => a.chapterId === chapter.id && a.variant === 'censored')
  const answers = (assets: { status: number; data: unknown } = { status: 200, data: { data: pages, total: pages.length } }) => ({
    '/comics/list': { status: 200, data: { data: [comic], total: 1 } },
    '/chapters/list': { status: 200, data: { data: [...chapters].reverse(), total: chapters.length } },
    '/comics-assets/list': assets,
  })
  const readerPath = `/comic/${comic.id}/${chapter.id}`

  it("fills the reader's comic, episodes and pages under the keys the kit's hooks read, sending nothing", async () => {
    const { calls } = await runScript(siteScript(), { pathname: readerPath, answers: answers() })
    const { api, sent } = kitClient('adult', calls)
    const queryClient = createDefaultQueryClient()
    await primeLandingQueries({ queryClient, api, siteMode: 'adult', preloadedCalls: calls }, landingAt(readerPath))
    expect(sent).toEqual([])
    expect(calls!.size).toBe(0)
    expect(queryClient.getQueryData(comicQueryOptions(api, 'adult', comic.id).queryKey)).toEqual(comic)
    // Sorted as the hook sorts them.
    expect(queryClient.getQueryData(chaptersQueryOptions(api, comic.id).queryKey)).toEqual(chapters)
    const variant = assetVariant({ mode: 'adult', uncensored: false })
    expect(queryClient.getQueryData(episodeAssetsQueryOptions(api, { comicId: comic.id, chapterId: chapter.id, variant }, null).queryKey)).toEqual(pages)
  })

  it('fills the comic page without its pages', async () => {
    const path = `/comic/${comic.id}`
    const { calls } = await runScript(siteScript(), { pathname: path, answers: answers() })
    const { api, sent } = kitClient('adult', calls)
    const queryClient = createDefaultQueryClient()
    await primeLandingQueries({ queryClient, api, siteMode: 'adult', preloadedCalls: calls }, landingAt(path))
    expect(sent).toEqual([])
    expect(queryClient.getQueryData(comicQueryOptions(api, 'adult', comic.id).queryKey)).toEqual(comic)
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2)
  })

  it("leaves every call to the kit's hooks when one answer is a refusal or a failure", async () => {
    for (const assets of [{ status: 401, data: { error: { code: 'sign_in_required', message: 'Sign in' } } }, { status: 503, data: null }]) {
      const { calls } = await runScript(siteScript(), { pathname: readerPath, answers: answers(assets) })
      const { api, sent } = kitClient('adult', calls)
      const queryClient = createDefaultQueryClient()
      await primeLandingQueries({ queryClient, api, siteMode: 'adult', preloadedCalls: calls }, landingAt(readerPath))
      expect(sent).toEqual([])
      expect(calls!.size).toBe(3)
      expect(queryClient.getQueryCache().getAll()).toEqual([])
    }
  })

  it("fills the home page's newest comics under the key the carousel reads, sending nothing", async () => {
    const { calls } = await runScript(siteScript(), { pathname: '/', answers: answers() })
    const { api, sent } = kitClient('adult', calls)
    const queryClient = createDefaultQueryClient()
    await primeLandingQueries({ queryClient, api, siteMode: 'adult', preloadedCalls: calls }, landingAt('/'))
    expect(sent).toEqual([])
    expect(calls!.size).toBe(0)
    expect(queryClient.getQueryData(comicsQueryOptions(api, 'adult', { preset: 'home' }).queryKey)).toEqual([comic])
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1)
  })

  it('fills nothing on other screens or without the document\'s calls', async () => {
    const { calls } = await runScript(siteScript(), { pathname: '/', answers: answers() })
    const { api } = kitClient('adult', calls)
    const queryClient = createDefaultQueryClient()
    await primeLandingQueries({ queryClient, api, siteMode: 'adult', preloadedCalls: calls }, landingAt('/categories'))
    await primeLandingQueries({ queryClient, api, siteMode: 'adult', preloadedCalls: undefined }, landingAt(readerPath))
    expect(queryClient.getQueryCache().getAll()).toEqual([])
    expect(calls!.size).toBe(1)
  })
})
