import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { chromium as playwrightChromium, type Page } from 'playwright'
import { createUser } from '@comics/auth-emulator'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { payForSelectedPlan } from '@comics/test-stack/premium'
import { prepareVisitor, signUpByEmail, uniqueEmail, PASSWORD } from '@comics/test-stack/visitor'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@comics/test-stack/chromium'
import { e2eStack } from '@comics/test-stack/stack'

// The installed app and offline reading, in Chromium against the production server.
const stack = e2eStack()
const chromium = chromiumPerFile()
const comic = stack.catalogue.mirrorComic
/** The test stack blocks the site's service worker by default; these journeys are about it. */
const WITH_WORKER = { serviceWorkers: 'allow' } as const
const readerUrl = (n: number) => `${stack.mirrorOrigin}/comic/${comic.id}/${comic.chapterIds[n - 1]}`

/** Chromium's own verdict on installing the page: the errors the DevTools protocol lists (none: installable). */
async function installabilityErrors(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page)
  const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
  await session.detach()
  return installabilityErrors.map((error) => error.errorId)
}

/** Waits until the site's service worker is active and controls the page. */
const workerControls = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
    return registration.active?.scriptURL ?? null
  })

describe('the installed app', () => {
  test.each([
    ['the mirror host', () => stack.mirrorOrigin, 'Comics', '#ffffff'],
    ['the adult host', () => stack.adultOrigin, 'Comics 18+', '#0d0d12'],
  ])('%s is installable in Chromium, with its own name, colours and icons', async (_name, origin, appName, background) => {
    // A profile of its own: Chromium never offers to install from an incognito context (a test's usual one).
    const profile = mkdtempSync(join(tmpdir(), 'comics-install-'))
    const context = await playwrightChromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: ['--headless=new', ...CHROMIUM_FLAGS] })
    const pageErrors: string[] = []
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await page.goto(`${origin()}/`)
      expect(await workerControls(page)).toBe(`${origin()}/sw.js`)
      await expect.poll(() => installabilityErrors(page)).toEqual([])
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!
        const response = await fetch(link.href)
        return { type: response.headers.get('content-type'), body: (await response.json()) as { name: string; background_color: string; icons: { src: string }[] } }
      })
      expect(manifest.type).toMatch(/^application\/manifest\+json/)
      expect(manifest.body.name).toBe(appName)
      expect(manifest.body.background_color).toBe(background)
      for (const icon of manifest.body.icons) {
        expect(await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), icon.src)).toBe('image/png')
      }
      expect(pageErrors).toEqual([])
    } finally {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })

  test("the worker's script is never kept by a cache, and the policy admits it", async () => {
    const { page } = await chromium.open(WITH_WORKER)
    const answer = await page.goto(`${stack.mirrorOrigin}/`)
    const policy = (await answer!.allHeaders())['content-security-policy'] ?? ''
    expect(policy).toContain("worker-src 'self'")
    expect(policy).toContain("manifest-src 'self'")
    const worker = await page.request.get(`${stack.mirrorOrigin}/sw.js`)
    expect(worker.status()).toBe(200)
    expect(worker.headers()['cache-control']).toBe('no-cache, no-store, must-revalidate')
    expect(worker.headers()['content-type']).toMatch(/javascript/)
  })

  test('without network, a reload opens the site from the precached app shell; the adult host asks its age question first', async () => {
    for (const [origin, ageGate] of [
      [stack.mirrorOrigin, false],
      [stack.adultOrigin, true],
    ] as const) {
      const { page, context } = await chromium.open(WITH_WORKER)
      await page.goto(`${origin}/`)
      await workerControls(page)
      await context.setOffline(true)
      await page.reload()
      await expect.poll(() => page.getByRole('link', { name: 'Comics' }).first().isVisible()).toBe(true)
      const gate = page.getByRole('dialog', { name: 'Are you over the age of 18?' })
      await expect.poll(() => gate.isVisible()).toBe(ageGate)
      await context.setOffline(false)
    }
  })
})

/** Every URL in every Cache Storage cache of the page's origin, by cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {}
    for (const name of await caches.keys()) all[name] = (await (await caches.open(name)).keys()).map((request) => request.url)
    return all
  })

/** The downloaded episodes' records (core's download store), as chapter id → page URLs. */
const downloadedEpisodes = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('comics-downloads-v1')
    const records: Record<string, string[]> = {}
    for (const request of await cache.keys()) {
      if (!request.url.includes('/__comics-downloads__/')) continue
      const record = (await (await cache.match(request))!.json()) as { chapter: { id: string }; assets: { url: string }[] }
      records[record.chapter.id] = record.assets.map((asset) => asset.url)
    }
    return records
  })

/** Every page of the open episode, scrolled through: how many, and how many were drawn (loaded, with pixels). */
const readThrough = (page: Page) =>
  page.locator('.comics-reader__main').evaluate(async (strip) => {
    const items = [...strip.querySelectorAll<HTMLElement>('[data-page-index]')]
    for (const item of items) {
      strip.scrollTop = item.offsetTop
      strip.dispatchEvent(new Event('scroll'))
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
    strip.scrollTop = strip.scrollHeight
    strip.dispatchEvent(new Event('scroll'))
    const images = [...strip.querySelectorAll<HTMLImageElement>('img')]
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)))
    return { pages: items.length, drawn: images.filter((image) => image.complete && image.naturalWidth > 0).length }
  })

/** The account's position in the comic, asked from the page with its own token. */
const accountChapter = (page: Page) =>
  page.evaluate(async (comicId) => {
    const token = JSON.parse(window.localStorage.getItem('authToken') ?? 'null') as string | null
    const response = await fetch('/api/v1/me/progress', { headers: { authorization: `Bearer ${token}` } })
    const { data } = (await response.json()) as { data: { comicId: string; chapterId: string }[] }
    return data.find((entry) => entry.comicId === comicId)?.chapterId ?? null
  }, comic.id)

describe('downloaded episodes', () => {
  test('download episodes 1–3, go offline, reload: they read completely, the 4th needs a connection; back online the progress is sent', async () => {
    const { page, context } = await chromium.open(WITH_WORKER)
    await prepareVisitor(context)
    await page.goto(`${stack.mirrorOrigin}/`)
    await workerControls(page)
    await signUpByEmail(page, uniqueEmail('offline'))

    await page.goto(readerUrl(1))
    const header = page.locator('.comics-reader__header')
    await header.getByRole('button', { name: 'Download', exact: true }).click()
    await expect.poll(() => header.getByText('Downloaded', { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true)
    // A reader without a subscription: the next 3 stop before episode 4, which is locked.
    await header.getByRole('button', { name: 'Download the next 3' }).click()
    await expect.poll(() => downloadedEpisodes(page).then(Object.keys), { timeout: 30_000 }).toHaveLength(3)
    expect(Object.keys(await downloadedEpisodes(page)).sort()).toEqual(comic.chapterIds.slice(0, 3).sort())
    await expect.poll(() => header.getByRole('button', { name: 'Download the next 3' }).count()).toBe(0)

    await context.setOffline(true)
    for (const n of [1, 2, 3]) {
      if (n === 1) await page.reload()
      else await page.goto(readerUrl(n))
      await expect.poll(() => page.getByRole('img', { name: /^Page 1 of \d+$/ }).isVisible()).toBe(true)
      const read = await readThrough(page)
      expect(read.pages).toBeGreaterThan(0)
      expect(read.drawn).toBe(read.pages)
    }
    // Read offline up to episode 3: the position is kept on the device.
    await expect.poll(() => page.evaluate((id) => (JSON.parse(localStorage.getItem('comicsReadingHistory') ?? '[]') as { comicId: string; chapterId: string }[]).find((entry) => entry.comicId === id)?.chapterId, comic.id)).toBe(comic.chapterIds[2])

    await page.goto(readerUrl(4))
    await expect.poll(() => page.getByText("You're offline. This episode is not downloaded, so it needs a connection.").isVisible(), { timeout: 20_000 }).toBe(true)
    // Home lists the downloaded comic, its page lists what is downloaded, the rest of the site says it needs a connection.
    await page.goto(`${stack.mirrorOrigin}/`)
    await expect.poll(() => page.getByRole('link', { name: comic.title }).first().isVisible(), { timeout: 20_000 }).toBe(true)
    await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    await expect.poll(() => page.getByRole('heading', { name: '3 Episodes' }).isVisible()).toBe(true)
    await page.goto(`${stack.mirrorOrigin}/search?q=night`)
    await expect.poll(() => page.getByText("You're offline. This page needs a connection.").isVisible(), { timeout: 20_000 }).toBe(true)

    await context.setOffline(false)
    await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    await expect.poll(() => accountChapter(page), { timeout: 20_000 }).toBe(comic.chapterIds[2])
  })

  test("a locked episode offers no download and none of its pages is ever cached; an ended subscription's downloads go on the next online visit", async () => {
    const { page, context } = await chromium.open(WITH_WORKER)
    await prepareVisitor(context)
    await page.goto(`${stack.mirrorOrigin}/`)
    await workerControls(page)
    await signUpByEmail(page, uniqueEmail('offline-sub'))

    // Without a subscription: episode 4 has no download, in the list or the reader.
    await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    await expect.poll(() => page.getByRole('button', { name: `Download ${comic.chapterTitles[0]}` }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: `Download ${comic.chapterTitles[3]}` }).count()).toBe(0)
    await page.goto(readerUrl(4))
    await expect.poll(() => page.locator('.comics-reader__status[data-state="locked"]').isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await page.getByRole('button', { name: 'Download', exact: true }).count()).toBe(0)
    await page.goto(readerUrl(1))
    await page.locator('.comics-reader__header').getByRole('button', { name: 'Download', exact: true }).click()
    await expect.poll(() => downloadedEpisodes(page).then(Object.keys)).toEqual([comic.chapterIds[0]])
    const downloaded = await downloadedEpisodes(page)
    const caches = await cachedUrls(page)
    const pages = (caches['comics-downloads-v1'] ?? []).filter((url) => !url.includes('/__comics-downloads__/'))
    expect(pages.sort()).toEqual([...new Set(downloaded[comic.chapterIds[0]!]!)].sort())
    for (const [name, urls] of Object.entries(caches)) {
      if (name === 'comics-downloads-v1') continue
      // The worker's precache holds the site's own files only: no page image of any episode.
      expect(urls.filter((url) => !/\/(assets|icons)\/|\/app-shell\.html/.test(url))).toEqual([])
    }
    expect((await page.evaluate(() => indexedDB.databases())).map((database) => database.name).filter((name) => !/^firebase/.test(name ?? ''))).toEqual([])

    // Subscribed: episode 4 downloads.
    await page.goto(`${stack.mirrorOrigin}/premium`)
    await payForSelectedPlan(page, stack.mirrorOrigin)
    await page.goto(readerUrl(4))
    const header = page.locator('.comics-reader__header')
    await header.getByRole('button', { name: 'Download', exact: true }).click()
    await expect.poll(() => downloadedEpisodes(page).then((records) => Object.keys(records).sort()), { timeout: 30_000 }).toEqual([comic.chapterIds[0], comic.chapterIds[3]].sort())
    const episode4Pages = (await downloadedEpisodes(page))[comic.chapterIds[3]!]!

    // The subscription ends (an admin refunds its payment): on the next online visit episode 4's download is gone.
    const paymentId = await page.evaluate(async () => {
      const token = JSON.parse(window.localStorage.getItem('authToken') ?? 'null') as string
      const response = await fetch('/api/v1/payments/list', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ limit: 10, offset: 0 }) })
      return ((await response.json()) as { data: { id: string }[] }).data[0]!.id
    })
    const admin = await createUser(stack.emulatorHost, { email: uniqueEmail('offline-admin'), password: PASSWORD, claims: { admin: true } })
    const refund = await fetch(`${stack.apiUrl}/api/v1/payments/${paymentId}/refund`, { method: 'POST', headers: { authorization: `Bearer ${admin.idToken}` } })
    expect(refund.status, await refund.text()).toBe(200)

    await page.goto(`${stack.mirrorOrigin}/`)
    await expect.poll(() => downloadedEpisodes(page).then(Object.keys), { timeout: 20_000 }).toEqual([comic.chapterIds[0]])
    const left = (await cachedUrls(page))['comics-downloads-v1'] ?? []
    expect(left.filter((url) => episode4Pages.includes(url))).toEqual([])
  })
})
