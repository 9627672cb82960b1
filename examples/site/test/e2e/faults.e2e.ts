import { writeFileSync } from 'node:fs'
import { describe, expect, onTestFinished, test } from 'vitest'
import type { BrowserContext, Locator, Page, Route } from 'playwright'
import { episodeAssetsRequest, STORAGE_KEYS } from '@comics/core'
import { inlineScriptHashes, styleAttributeHashes } from '../../securityHeaders'
import { requestWithHost } from '@comics/test-stack/requestWithHost'
import type { E2eComic } from '@comics/test-stack/stackContext'
import { SERVER_API_DOWN } from '@comics/test-stack/serverApiFaults'
import { appRunning, chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { e2eStack } from '@comics/test-stack/stack'
import { authDialog, openSignIn, PASSWORD, prepareVisitor, uniqueEmail, type VisitorState } from '@comics/test-stack/visitor'

// Faults a reader meets, injected into the whole stack through Playwright's routing and init scripts (and,
// for the site server's own calls to the API, the stack's switch):
// the API refusing or dropping connections, answering slowly, with 500s or with a body that breaks the
// contract; page images failing or never arriving; localStorage full or denied; the Auth service down.
// Each journey checks that the screen says so with a way to retry, that the retry works once the fault
// is lifted, that the stored progress, consent and age answer survive, and (through chromiumPerFile)
// that no uncaught error and no Content-Security-Policy violation reached the page: the built site
// must run under its own policy without one.

const stack = e2eStack()
const mirrorComic = stack.catalogue.mirrorComic
const adultComic = stack.catalogue.uncensoredComic
const emulatorOrigin = `http://${stack.emulatorHost}`
const chromium = chromiumPerFile()

const readerUrl = (origin: string, comic: E2eComic, index: number) => `${origin}/comic/${comic.id}/${comic.chapterIds[index]}`
const comicUrl = (origin: string, comic: E2eComic) => `${origin}/comic/${comic.id}`
const API = '**/api/v1/**'

/** A visit in a fresh context with the visitor's stored state: age answer, consent and the `stored` entries of a returning reader. */
async function openVisit(state: VisitorState & { stored?: Record<string, string> } = {}, options: { prepare?: boolean } = {}): Promise<WatchedPage> {
  const visit = await chromium.open({}, { ignoreErrorsOn: [emulatorOrigin] })
  if (options.prepare ?? true) {
    await prepareVisitor(visit.context, state)
    if (state.stored) await storeBeforeLoad(visit.context, state.stored)
  }
  return visit
}

/** Writes entries before any page script runs, where nothing is stored yet (a returning visitor). */
async function storeBeforeLoad(context: BrowserContext, entries: Record<string, string>): Promise<void> {
  await context.addInitScript((pairs: [string, string][]) => {
    if (window.top !== window) return
    for (const [key, value] of pairs) if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value)
  }, Object.entries(entries))
}

/** A reader who stopped on an episode of a comic: what the kit stores for them (spec §9 keys). */
function progressOf(comic: E2eComic, index: number, position: { page: number; offset: number } = { page: 0, offset: 0 }) {
  return {
    [STORAGE_KEYS.lastReadComics]: JSON.stringify([comic.id]),
    [STORAGE_KEYS.comicsReadingHistory]: JSON.stringify([
      { comicId: comic.id, chapterId: comic.chapterIds[index], chapterTitle: comic.chapterTitles[index], updatedAt: 1, ...position },
    ]),
  }
}

/** The kit's stored keys as they are now in the page's localStorage. */
function storedState(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)])), Object.values(STORAGE_KEYS))
}

/** The episode the stored history has last, or null. */
async function storedEpisode(page: Page): Promise<string | null> {
  const history = (await storedState(page))[STORAGE_KEYS.comicsReadingHistory]
  return history ? ((JSON.parse(history) as { chapterId: string }[])[0]?.chapterId ?? null) : null
}

/**
 * Waits for `locator` to show while the page's clock jumps ahead, so the kit's retries with backoff
 * (1, 2 and 4 s, or a 15 s page stall) pass in moments. Needs `page.clock.install()` before the page loads.
 */
async function showsAfterRetries(page: Page, locator: Locator, jumpMs = 5_000): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await locator.first().isVisible()) return true
        await page.clock.fastForward(jumpMs)
        return locator.first().isVisible()
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true)
}

/**
 * While the API is down or failing, the site's server cannot fetch a screen's data either: its own calls
 * to the API fail (the stack's switch, serverApiFaults.ts), it sends the page without that data, and the
 * browser's own calls meet the fault. Returns the undo (also done when the test ends).
 */
function serverCannotRender(): () => void {
  const undo = () => writeFileSync(stack.serverApiFaultFile, '')
  writeFileSync(stack.serverApiFaultFile, SERVER_API_DOWN)
  onTestFinished(undo)
  return undo
}

const alertSaying = (scope: Page | Locator, text: string | RegExp) => scope.getByRole('alert').filter({ hasText: text })
const somethingWentWrong = (scope: Page | Locator) => alertSaying(scope, 'Something went wrong. Please try again.')
const tryAgain = (scope: Page | Locator) => scope.getByRole('button', { name: 'Try again' })
/** Page `n` of the reader's strip (from 1), found by its place: a seeded first episode names its pages by their alt text. */
const pageImage = (page: Page, n: number) => page.locator(`.comics-reader__page[data-page-index="${n - 1}"]`).getByRole('img')
const imageLoaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)
/** The comics of the home page's 'Something New'. */
const newComicLinks = (page: Page) => page.getByRole('region', { name: 'Something New' }).getByRole('link').filter({ hasNotText: 'Read more' })
const continueReading = (page: Page, title: string) => {
  const name = `Continue reading '${title}'`
  return page.getByRole('link', { name }).or(page.getByRole('button', { name }))
}

/** The page images of an episode as the mirror host lists them, in reading order (paths on the site). */
async function episodePagePaths(comic: E2eComic, index: number): Promise<string[]> {
  const response = await requestWithHost(`${stack.apiUrl}/api/v1/comics-assets/list`, {
    host: `localhost:${stack.sitePort}`,
    body: episodeAssetsRequest({ comicId: comic.id, chapterId: comic.chapterIds[index]!, variant: 'legal' }),
  })
  expect(response.status).toBe(200)
  return (JSON.parse(response.body) as { data: { url: string }[] }).data.map((asset) => new URL(asset.url, stack.mirrorOrigin).pathname)
}

describe('security headers', () => {
  test('the built site is served with its Content-Security-Policy and headers, and the policy is enforced', async () => {
    const visit = await openVisit()
    const { page } = visit
    const response = await page.goto(`${stack.mirrorOrigin}/`)
    const headers = response!.headers()
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['x-frame-options']).toBe('DENY')
    const policy = Object.fromEntries(
      headers['content-security-policy']!.split(';').map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/)
        return [name!, sources]
      }),
    )
    expect(policy['default-src']).toEqual(["'self'"])
    // A guest's home, which a shared cache may keep: no nonce, its inline scripts (the head's, the
    // framework's context, route imports and scroll restoration) admitted by their hashes. They ran,
    // and nothing else inline may.
    const scripts = await page.evaluate(() =>
      [...document.scripts].map((script) => ({ inline: !script.src && script.type !== 'application/json', nonce: script.nonce })),
    )
    expect(scripts.filter((script) => script.inline).length).toBeGreaterThan(0)
    expect(scripts.every((script) => script.nonce === '')).toBe(true)
    const hashes = inlineScriptHashes(await response!.text())
    expect(hashes.length).toBeGreaterThanOrEqual(3)
    // The build has a Google Analytics id and a token sync URL (stack/globalSetup.ts): their origins are admitted.
    expect(policy['script-src']).toEqual(["'self'", ...hashes, 'https://apis.google.com', 'https://www.googletagmanager.com'])
    // The home route's own chunk, preloaded by the framework.
    expect(await page.locator('link[rel="modulepreload"][href*="/home-"]').count()).toBe(1)
    expect(policy['style-src']).toEqual(["'self'"])
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.google-analytics.com', 'https://*.googletagmanager.com'])
    expect(policy['connect-src']).toEqual([
      "'self'",
      emulatorOrigin,
      new URL(stack.tokenSyncCallsUrl).origin,
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ])
    expect(policy['frame-src']).toEqual(['https://demo-comics.firebaseapp.com', emulatorOrigin])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'self'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])

    // A deep link and a script carry them too. The reader, rendered on the server, admits the style
    // attributes of its markup (the page boxes) by their hashes, and no others.
    const deep = await page.request.get(readerUrl(stack.mirrorOrigin, mirrorComic, 0))
    const deepHtml = await deep.text()
    const styles = styleAttributeHashes(deepHtml)
    expect(styles.length).toBeGreaterThan(0)
    // Each document's policy admits its own scripts: the policies are the same but for their hashes.
    const withoutScripts = (value: string | undefined) => value?.replace(/; style-src-attr [^;]*/, '').replace(/ 'sha256-[^']+'/g, '')
    expect(deep.headers()['content-security-policy']).toContain(`'self' ${inlineScriptHashes(deepHtml).join(' ')} https://apis.google.com`)
    expect(deep.headers()['content-security-policy']).toContain(`; style-src-attr 'unsafe-hashes' ${styles.join(' ')}`)
    expect(withoutScripts(deep.headers()['content-security-policy'])).toBe(withoutScripts(headers['content-security-policy']))
    const notRendered = await page.request.get(`${stack.mirrorOrigin}/categories`)
    expect(withoutScripts(notRendered.headers()['content-security-policy'])).toBe(withoutScripts(headers['content-security-policy']))
    const script = await page.locator('link[rel="modulepreload"]').first().getAttribute('href')
    const asset = await page.request.get(new URL(script!, stack.mirrorOrigin).href)
    expect(asset.headers()['x-content-type-options']).toBe('nosniff')

    await expect.poll(() => page.getByRole('region', { name: 'Featured comics' }).isVisible()).toBe(true)
    await expect.poll(() => newComicLinks(page).count()).toBeGreaterThan(0)
    expect(visit.cspViolations).toEqual([])

    // Enforced: an injected inline script, a <style> element and an image from elsewhere are refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.injectedScriptRan = true'
      document.body.append(script)
      const style = document.createElement('style')
      style.textContent = 'body { background: red }'
      document.head.append(style)
      const image = new Image()
      image.src = 'http://images.example.invalid/tracker.png'
      document.body.append(image)
    })
    await expect.poll(() => visit.cspViolations.length).toBe(3)
    expect(visit.cspViolations.map((violation) => violation.split(' ')[0]).sort()).toEqual(['img-src', 'script-src-elem', 'style-src-elem'])
    expect(await page.evaluate(() => (window as Window & { injectedScriptRan?: boolean }).injectedScriptRan)).toBeUndefined()
    // Those were the test's own; the site's must stay at none.
    visit.cspViolations.length = 0
  })

  test('scripts and stylesheets come in Brotli to a browser that takes it, compressed at build time, with the same headers', async () => {
    const visit = await openVisit()
    const { page } = visit
    const seen: Record<string, string | undefined> = {}
    // The first answer of each from the server: the page's worker, once it runs, answers later requests
    // from its own cache.
    page.on('response', (response) => {
      if (response.fromServiceWorker() || !/\/assets\/(frame|root|app)-[^/]+\.(js|css)$/.test(response.url())) return
      seen[response.url().split('.').at(-1)!] ??= response.headers()['content-encoding']
    })
    await page.goto(`${stack.mirrorOrigin}/`)
    await expect.poll(() => page.getByRole('region', { name: 'Featured comics' }).isVisible()).toBe(true)
    // The page's scripts are asked for once it has painted.
    await appRunning(page)
    // What Chromium itself was sent.
    expect(seen).toEqual({ js: 'br', css: 'br' })

    const script = new URL((await page.locator('link[rel="modulepreload"][href*="/frame-"]').getAttribute('href'))!, stack.mirrorOrigin).href
    const asked = (encoding: string) => page.request.get(script, { headers: { 'accept-encoding': encoding } })
    const [brotli, gzip, plain, refused] = await Promise.all([asked('gzip, br'), asked('gzip'), asked('identity'), asked('gzip, br;q=0')])
    expect(brotli.headers()['content-encoding']).toBe('br')
    expect(brotli.headers()['vary']).toContain('Accept-Encoding')
    expect(brotli.headers()['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/)
    // Hashed names: kept for good by browsers and shared caches.
    expect(brotli.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers()['x-content-type-options']).toBe('nosniff')
    expect(gzip.headers()['content-encoding']).toBe('gzip')
    expect(refused.headers()['content-encoding']).toBe('gzip')
    expect(plain.headers()['content-encoding']).toBeUndefined()
    const text = await plain.text()
    expect(text.length).toBeGreaterThan(10_000)
    expect(await brotli.text()).toBe(text)
    expect(await gzip.text()).toBe(text)
    // Revalidated like the other files: the same copy is not sent twice.
    const again = await page.request.get(script, { headers: { 'accept-encoding': 'br', 'if-none-match': brotli.headers()['etag']! } })
    expect(again.status()).toBe(304)
    expect(visit.cspViolations).toEqual([])
  })
})

describe('the API down, slow or wrong', () => {
  test('refusing connections at load: the home page says so and its retry works once the API is back; nothing stored is lost', async () => {
    const stored = progressOf(mirrorComic, 1)
    const { page, context } = await openVisit({ consent: 'accepted', stored })
    await context.route(API, (route) => route.abort('connectionrefused'))
    const serverRenders = serverCannotRender()
    await page.clock.install()
    await page.goto(`${stack.mirrorOrigin}/`)
    const somethingNew = page.getByRole('region', { name: 'Something New' })
    await showsAfterRetries(page, somethingWentWrong(somethingNew))
    // The featured carousel is the site's own: it stays.
    expect(await page.getByRole('region', { name: 'Featured comics' }).isVisible()).toBe(true)
    const before = await storedState(page)
    expect(before).toMatchObject({ ...stored, [STORAGE_KEYS.isUserPassAgeVerification]: 'true', [STORAGE_KEYS.consent]: '"accepted"' })

    await context.unroute(API)
    serverRenders()
    await tryAgain(somethingNew).click()
    await expect.poll(() => newComicLinks(page).count()).toBeGreaterThan(0)
    expect(await somethingWentWrong(somethingNew).count()).toBe(0)
    expect(await storedState(page)).toEqual(before)
  })

  test('dropping connections mid-reading: the next episode offers a retry, progress survives the failure and a reload, and the retry opens it', async () => {
    const { page, context } = await openVisit()
    await page.clock.install()
    await page.goto(readerUrl(stack.mirrorOrigin, mirrorComic, 0))
    await expect.poll(() => imageLoaded(pageImage(page, 1))).toBe(true)
    await expect.poll(() => storedEpisode(page)).toBe(mirrorComic.chapterIds[0])
    const before = await storedState(page)

    await context.route(API, (route) => route.abort('connectionreset'))
    const serverRenders = serverCannotRender()
    await page.getByRole('button', { name: 'List Episodes' }).click()
    const list = page.getByRole('dialog', { name: 'List Episodes' })
    await list.getByRole('listitem').nth(2).getByRole('button', { name: 'Open' }).click()
    await page.waitForURL(readerUrl(stack.mirrorOrigin, mirrorComic, 2))
    await showsAfterRetries(page, somethingWentWrong(page))
    expect(await tryAgain(page).isVisible()).toBe(true)
    // The episode that did not open is not recorded; the one read before is still there.
    expect(await storedState(page)).toEqual(before)

    await page.reload()
    await showsAfterRetries(page, somethingWentWrong(page))
    expect(await storedState(page)).toEqual(before)

    await context.unroute(API)
    serverRenders()
    await tryAgain(page).click()
    await expect.poll(() => imageLoaded(pageImage(page, 1))).toBe(true)
    // The titles and Next come back with the pages (the comic and its episodes were refetched too).
    await expect.poll(() => page.getByRole('heading', { level: 1, name: mirrorComic.title }).isVisible()).toBe(true)
    expect(await page.getByText(mirrorComic.chapterTitles[2]!, { exact: true }).first().isVisible()).toBe(true)
    await expect.poll(() => storedEpisode(page)).toBe(mirrorComic.chapterIds[2])
    expect(await somethingWentWrong(page).count()).toBe(0)
  })

  test('500s: the comic page offers a retry after its own retries, and Continue reading is there once the API recovers', async () => {
    const stored = progressOf(mirrorComic, 1)
    const { page, context } = await openVisit({ stored })
    let failed = 0
    const CHAPTERS = '**/api/v1/chapters/list'
    await context.route(CHAPTERS, (route) => {
      failed += 1
      return route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'The database is unavailable' } } })
    })
    const serverRenders = serverCannotRender()
    await page.clock.install()
    await page.goto(comicUrl(stack.mirrorOrigin, mirrorComic))
    const episodes = page.locator('.comics-episode-list')
    await showsAfterRetries(page, somethingWentWrong(episodes))
    // A server error is tried again by the kit before it shows: the first call and three retries.
    expect(failed).toBe(4)
    expect(await storedState(page)).toMatchObject(stored)

    await context.unroute(CHAPTERS)
    serverRenders()
    await tryAgain(episodes).click()
    await expect.poll(() => episodes.locator('.comics-episode-row').count()).toBe(mirrorComic.chapterIds.length)
    await expect.poll(() => continueReading(page, mirrorComic.chapterTitles[1]!).count()).toBe(1)
    expect(await somethingWentWrong(page).count()).toBe(0)
    expect(await storedState(page)).toMatchObject(stored)
  })

  test('slow answers: the reader shows that it is loading, then the pages, and records the progress', async () => {
    const { page, context } = await openVisit()
    // From the comic page, in the app: a landing on the reader would wait on the server for the answers.
    await page.goto(comicUrl(stack.mirrorOrigin, mirrorComic))
    await appRunning(page)
    await context.route(API, async (route) => {
      if (route.request().resourceType() !== 'image') await new Promise((resolve) => setTimeout(resolve, 1_200))
      await route.continue()
    })
    await page.locator('.comics-episode-list .comics-episode-row').first().locator('.comics-episode-row__open').click()
    await page.waitForURL(readerUrl(stack.mirrorOrigin, mirrorComic, 0))
    await expect.poll(() => page.locator('.comics-reader').getByText('Loading…').isVisible(), { interval: 100 }).toBe(true)
    await expect.poll(() => imageLoaded(pageImage(page, 1)), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => storedEpisode(page)).toBe(mirrorComic.chapterIds[0])
    await page.getByRole('button', { name: 'Next', exact: true }).click()
    await page.waitForURL(readerUrl(stack.mirrorOrigin, mirrorComic, 1))
    await expect.poll(() => imageLoaded(pageImage(page, 1)), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => storedEpisode(page)).toBe(mirrorComic.chapterIds[1])
    expect(await somethingWentWrong(page).count()).toBe(0)
  })

  test('a body that breaks the contract: the categories say so at once, without retrying, and the retry works once the API answers right', async () => {
    const { page, context } = await openVisit()
    let answered = 0
    const COMICS = '**/api/v1/comics/list'
    await context.route(COMICS, (route) => {
      answered += 1
      return route.fulfill({ status: 200, json: { data: [{ id: 7, title: null }] } })
    })
    const serverRenders = serverCannotRender()
    await page.clock.install()
    await page.goto(`${stack.mirrorOrigin}/categories`)
    await expect.poll(() => somethingWentWrong(page).isVisible()).toBe(true)
    const calls = answered
    // The client refused the body (ContractError): asking again would get the same, so nothing is retried.
    await page.clock.fastForward(20_000)
    await page.waitForTimeout(300)
    expect(answered).toBe(calls)

    await context.unroute(COMICS)
    serverRenders()
    await tryAgain(page).click()
    await expect.poll(() => page.locator('.site-card-grid').getByRole('link').count()).toBeGreaterThan(0)
    expect(await somethingWentWrong(page).count()).toBe(0)
  })
})

describe('page images', () => {
  test('a page that fails and a page that never arrives each offer their own retry, which loads them; the rest of the episode reads on', async () => {
    // The seeded pages share image files: fault two files that each only one page shows (not the first).
    const paths = await episodePagePaths(mirrorComic, 0)
    const once = paths.flatMap((path, index) => (index > 0 && paths.indexOf(path) === paths.lastIndexOf(path) ? [index] : []))
    expect(once.length).toBeGreaterThanOrEqual(2)
    const [failingIndex, stallingIndex] = once as [number, number]
    const [failing, stalling] = [paths[failingIndex], paths[stallingIndex]]
    const stalled: Route[] = []
    let lifted = false
    const { page, context } = await openVisit()
    await context.route('**/api/v1/files/**', (route) => {
      const path = new URL(route.request().url()).pathname
      if (lifted || (path !== failing && path !== stalling)) return route.continue()
      if (path === failing) return route.fulfill({ status: 503, body: 'unavailable' })
      // Never answered while the fault lasts: only the kit's own stall clock can notice.
      stalled.push(route)
      return undefined
    })
    await page.clock.install()
    await page.goto(readerUrl(stack.mirrorOrigin, mirrorComic, 0))
    await expect.poll(() => imageLoaded(pageImage(page, 1))).toBe(true)
    await expect.poll(() => storedEpisode(page)).toBe(mirrorComic.chapterIds[0])

    const retryPage = (n: number) => page.getByRole('button', { name: `Retry page ${n}` })
    const [failingPage, stallingPage] = [failingIndex + 1, stallingIndex + 1]
    await pageImage(page, failingPage).scrollIntoViewIfNeeded()
    await showsAfterRetries(page, retryPage(failingPage))
    expect(await page.getByText('This page could not load.').first().isVisible()).toBe(true)
    await pageImage(page, stallingPage).scrollIntoViewIfNeeded()
    await showsAfterRetries(page, retryPage(stallingPage), 10_000)
    expect(stalled.length).toBeGreaterThanOrEqual(4)
    // The episode itself never failed.
    expect(await somethingWentWrong(page).count()).toBe(0)

    lifted = true
    for (const route of stalled.splice(0)) await route.abort('timedout').catch(() => {})
    await retryPage(failingPage).click()
    await expect.poll(() => imageLoaded(pageImage(page, failingPage))).toBe(true)
    await retryPage(stallingPage).click()
    await expect.poll(() => imageLoaded(pageImage(page, stallingPage))).toBe(true)
    expect(await page.getByText('This page could not load.').count()).toBe(0)
    expect(await storedEpisode(page)).toBe(mirrorComic.chapterIds[0])
  })
})

describe('localStorage', () => {
  test('full: reading and choosing go on in memory, and nothing stored before is lost', async () => {
    const stored = progressOf(adultComic, 0)
    const { page, context } = await openVisit({ consent: null, stored })
    // After the visitor's stored entries: from here on every write is refused, as by a full quota.
    await context.addInitScript(() => {
      const setItem = Storage.prototype.setItem
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (this === window.localStorage) {
          throw new DOMException(`Failed to execute 'setItem' on 'Storage': Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError')
        }
        return setItem.call(this, key, value)
      }
    })
    await page.goto(readerUrl(stack.adultOrigin, adultComic, 1))
    await expect.poll(() => imageLoaded(pageImage(page, 1))).toBe(true)
    // The app runs the page (it records the reading, here in memory).
    await appRunning(page)
    // The stored age answer stands: no gate.
    expect(await page.getByRole('dialog', { name: 'Are you over the age of 18?' }).count()).toBe(0)
    const banner = page.getByRole('region', { name: 'We use cookies' })
    await expect.poll(() => banner.isVisible()).toBe(true)
    await banner.getByRole('button', { name: 'Accept' }).click()
    await expect.poll(() => banner.isVisible()).toBe(false)

    // In memory the progress moved on to this episode, and the choice holds for the visit.
    await page.getByRole('link', { name: 'Close reader' }).click()
    await page.waitForURL(comicUrl(stack.adultOrigin, adultComic))
    await expect.poll(() => continueReading(page, adultComic.chapterTitles[1]!).count()).toBe(1)
    expect(await banner.isVisible()).toBe(false)
    // What was stored before is all still there.
    expect(await storedState(page)).toEqual({
      [STORAGE_KEYS.authUser]: null,
      [STORAGE_KEYS.authToken]: null,
      ...stored,
      [STORAGE_KEYS.isUserPassAgeVerification]: 'true',
      [STORAGE_KEYS.consent]: null,
    })
  })

  test('denied: the age gate, the cookie banner, reading and progress work for the visit without storage', async () => {
    const { page, context } = await openVisit({}, { prepare: false })
    await context.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage'] as const) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is denied for this document.`, 'SecurityError')
          },
        })
      }
    })
    await page.goto(`${stack.adultOrigin}/`)
    // The visit lives in the app's memory: it runs the page before the gate's Yes is pressed.
    await appRunning(page)
    expect(await page.evaluate(() => {
      try {
        return typeof window.localStorage
      } catch (error) {
        return (error as Error).name
      }
    })).toBe('SecurityError')
    const ageGate = page.getByRole('dialog', { name: 'Are you over the age of 18?' })
    await expect.poll(() => ageGate.isVisible()).toBe(true)
    await ageGate.getByRole('button', { name: 'Yes' }).click()
    await expect.poll(() => ageGate.isVisible()).toBe(false)
    const banner = page.getByRole('region', { name: 'We use cookies' })
    await expect.poll(() => banner.isVisible()).toBe(true)
    await banner.getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => banner.isVisible()).toBe(false)

    // In-app navigation only: a page load would start a new visit with nothing remembered.
    await page.getByRole('region', { name: 'Featured comics' }).getByRole('link', { name: 'Read now' }).first().click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/comic\/\d+$/)
    const firstEpisode = page.locator('.comics-episode-row__title').first()
    await expect.poll(() => firstEpisode.isVisible()).toBe(true)
    const title = (await firstEpisode.textContent())!
    await page.getByRole('link', { name: 'Start Reading' }).or(page.getByRole('button', { name: 'Start Reading' })).click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/comic\/\d+\/\d+$/)
    await expect.poll(() => imageLoaded(pageImage(page, 1))).toBe(true)
    await page.getByRole('link', { name: 'Close reader' }).click()
    await expect.poll(() => continueReading(page, title).count()).toBe(1)
    // The answers hold for the whole visit.
    expect(await ageGate.count()).toBe(0)
    expect(await banner.count()).toBe(0)
  })
})

describe('the Auth service down', () => {
  test('sign-up says it cannot reach the service and works when it is back; a signed-in reader stays signed in through the outage', async () => {
    const stored = progressOf(mirrorComic, 1)
    const { page, context } = await openVisit({ consent: 'accepted', stored })
    let refused = 0
    const EMULATOR = `${emulatorOrigin}/**`
    const authDown = () =>
      context.route(EMULATOR, (route) => {
        refused += 1
        return route.abort('connectionrefused')
      })
    await authDown()
    await page.goto(`${stack.mirrorOrigin}/`)
    const email = uniqueEmail('auth-down')
    await openSignIn(page)
    const dialog = authDialog(page)
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Not a member?' }).click()
    await dialog.getByLabel('Your Email').fill(email)
    await dialog.getByLabel('Your Password').fill(PASSWORD)
    const signUp = dialog.locator('form').getByRole('button', { name: 'Sign Up', exact: true })
    await signUp.click()
    await expect.poll(() => alertSaying(dialog, 'Network error. Check your connection and try again.').isVisible()).toBe(true)
    expect(refused).toBeGreaterThan(0)
    // The form is kept for another try.
    expect(await dialog.getByLabel('Your Email').inputValue()).toBe(email)
    expect(await signUp.isEnabled()).toBe(true)
    expect(await storedState(page)).toMatchObject(stored)

    await context.unroute(EMULATOR)
    await signUp.click()
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false)
    const account = page.getByRole('banner').getByRole('link', { name: 'Account' })
    await expect.poll(() => account.isVisible()).toBe(true)

    // The service goes down again; the reader comes back to the site and reads on, still signed in.
    refused = 0
    await authDown()
    await page.goto(comicUrl(stack.mirrorOrigin, mirrorComic))
    await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(0)
    await page.waitForTimeout(500)
    await expect.poll(() => continueReading(page, mirrorComic.chapterTitles[1]!).count()).toBe(1)
    expect(await account.isVisible()).toBe(true)
    const state = await storedState(page)
    expect(state).toMatchObject(stored)
    expect(state[STORAGE_KEYS.authToken]).not.toBeNull()
  })
})
