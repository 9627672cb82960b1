import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { chromium as playwrightChromium, type Page } from 'playwright'
import { createUser } from '@comics/auth-emulator'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { payForSelectedPlan } from '@comics/test-stack/premium'
import { prepareVisitor, signUpByEmail, uniqueEmail, PASSWORD } from '@comics/test-stack/visitor'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@comics/test-stack/chromium'
import { e2eStack } from '@comics/test-stack/stack'
import { freePort } from '@comics/test-stack/freePort'
import { startSite } from '@comics/test-stack/startSite'
import { DEFAULT_MESSAGES } from '@comics/react'
import { clientDir, serverFile } from '@comics/test-stack/siteBuild'
import { appShellRevision } from '../../appShellRevision'
import { APP_SHELL_PATH, SERVICE_WORKER_PATH } from '../../src/offline/offlineConstants'

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
      if (n === 1) {
        // The seeded first episode has a transcript: downloaded with its pages, it reads offline too.
        await page.getByRole('button', { name: 'Transcript', exact: true }).focus()
        await page.keyboard.press('Enter')
        const transcript = page.getByRole('dialog', { name: 'Transcript' })
        await expect.poll(() => transcript.getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(3)
        expect(await transcript.getByRole('alert').count()).toBe(0)
        await page.keyboard.press('Escape')
        await expect.poll(() => transcript.count()).toBe(0)
      }
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

/**
 * The site's next build as a deployment ships it, made from the stack's build (a copy of its folder: the
 * browser's files and the server) with one change: the root route's stylesheet, hence under a new hashed
 * name. As the build would write them, the framework's route manifest for the browser names the new
 * stylesheet (and so has a new version, hence a new name), the server's copy of it names both, so the
 * documents (the app shell's too) link the new stylesheet, and the worker's precache list has both with
 * the new shell's revision (appShellRevision.ts): the worker's script differs from the running build's, as
 * after any change. Throws when the build is not laid out as this expects, rather than deploy something
 * inconsistent.
 */
function nextBuild(buildDir: string) {
  const folder = mkdtempSync(join(tmpdir(), 'comics-next-build-'))
  const outDir = join(folder, 'e2e-dist')
  cpSync(buildDir, outDir, { recursive: true })
  const file = (path: string) => join(clientDir(outDir), path)
  const read = (path: string) => readFileSync(file(path), 'utf8')
  const hash = (text: string) => createHash('sha256').update(text).digest('hex')
  const replaceOnce = (text: string, from: string, to: string, where: string) => {
    const count = text.split(from).length - 1
    if (count !== 1) throw new Error(`${where}: ${from} found ${count} times, expected once`)
    return text.replace(from, () => to)
  }
  // The server's bundle names the root's stylesheet wherever its route module is (its `links`).
  const replaceEvery = (text: string, from: string, to: string, where: string) => {
    if (!text.includes(from)) throw new Error(`${where}: ${from} not found`)
    return text.split(from).join(to)
  }
  const removeWithCopies = (path: string) => {
    for (const each of [path, `${path}.br`, `${path}.gz`]) rmSync(file(each), { force: true })
  }

  // The framework's route manifest for the browser: assets/manifest-<version>.js, `window.__reactRouterManifest={…};`.
  const manifests = readdirSync(file('assets')).filter((name) => /^manifest-[\da-f]+\.js$/.test(name))
  if (manifests.length !== 1) throw new Error(`assets/ has ${manifests.length} route manifests (manifest-*.js), expected one`)
  const manifestPath = `assets/${manifests[0]!}`
  const manifestText = read(manifestPath)
  const manifestJson = /^window\.__reactRouterManifest=(.*);$/s.exec(manifestText)?.[1]
  if (!manifestJson) throw new Error(`${manifestPath} is not the framework's route manifest`)
  const manifest = JSON.parse(manifestJson) as { version: string; url: string }
  // The root route links the document's stylesheet, src/app.css, built as assets/app-<hash>.css (its `links`).
  const rootCss = readdirSync(file('assets')).filter((name) => /^app-[\w-]+\.css$/.test(name)).map((name) => `/assets/${name}`)
  if (rootCss.length !== 1) throw new Error(`assets/ has ${rootCss.length} app-*.css stylesheets, expected one`)
  const stylesheet = rootCss[0]!.replace(/^\//, '')
  // Chunks that name the root's stylesheet (a lazy part's preload list: the app frame's chunk holds it) name
  // the next one in the next build; their addresses stay, so the worker is given their new revisions.
  const naming = readdirSync(file('assets')).filter((name) => name.endsWith('.js') && `assets/${name}` !== manifestPath && read(`assets/${name}`).includes(stylesheet))

  const css = `${read(stylesheet)}\n:root{--site-build:"next"}\n`
  const nextStylesheet = `assets/root-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`
  writeFileSync(file(nextStylesheet), css)
  // A new build's folder holds no file of the last one.
  removeWithCopies(stylesheet)
  const renamed = naming.map((name) => {
    const path = `assets/${name}`
    const text = read(path).split(stylesheet).join(nextStylesheet)
    removeWithCopies(path)
    writeFileSync(file(path), text)
    return { path, revision: hash(text).slice(0, 32) }
  })
  // The manifest names the stylesheet where a route imports it (the root links its own); the next build's is another file.
  const nextManifestBody = manifestJson.split(`"/${stylesheet}"`).join(`"/${nextStylesheet}"`)
  const nextVersion = hash(nextManifestBody).slice(0, 8)
  const nextManifestPath = `assets/manifest-${nextVersion}.js`
  let nextManifest = replaceOnce(nextManifestBody, `"url":"/${manifestPath}"`, `"url":"/${nextManifestPath}"`, manifestPath)
  nextManifest = replaceOnce(nextManifest, `"version":"${manifest.version}"`, `"version":"${nextVersion}"`, manifestPath)
  writeFileSync(file(nextManifestPath), `window.__reactRouterManifest=${nextManifest};`)
  removeWithCopies(manifestPath)

  // The server's bundle: its copy of the manifest, with the browser's manifest by its address and version.
  let server = readFileSync(serverFile(outDir), 'utf8')
  server = replaceEvery(server, `"/${stylesheet}"`, `"/${nextStylesheet}"`, 'the server')
  server = replaceOnce(server, `"/${manifestPath}"`, `"/${nextManifestPath}"`, 'the server')
  server = replaceOnce(server, `"${manifest.version}"`, `"${nextVersion}"`, 'the server')
  writeFileSync(serverFile(outDir), server)

  // The worker's precache list: the new files, and the shell's revision of them.
  let worker = read(SERVICE_WORKER_PATH)
  worker = replaceOnce(worker, `"url":"${stylesheet}"`, `"url":"${nextStylesheet}"`, SERVICE_WORKER_PATH)
  worker = replaceOnce(worker, `"url":"${manifestPath}"`, `"url":"${nextManifestPath}"`, SERVICE_WORKER_PATH)
  for (const { path, revision } of renamed) worker = replaceOnce(worker, `"revision":null,"url":"${path}"`, `"revision":"${revision}","url":"${path}"`, SERVICE_WORKER_PATH)
  const entries = [...worker.matchAll(/\{"revision":(null|"[\da-f]+"),"url":"([^"]+)"\}/g)].map(([, revision, url]) => ({ url: url!, revision: JSON.parse(revision!) as string | null }))
  const shell = entries.find((entry) => entry.url === APP_SHELL_PATH)
  if (!shell?.revision) throw new Error(`${SERVICE_WORKER_PATH} precaches no ${APP_SHELL_PATH} with a revision`)
  const nextShellRevision = appShellRevision(entries.filter((entry) => entry !== shell))
  worker = replaceOnce(worker, `"revision":"${shell.revision}","url":"${APP_SHELL_PATH}"`, `"revision":"${nextShellRevision}","url":"${APP_SHELL_PATH}"`, SERVICE_WORKER_PATH)
  writeFileSync(file(SERVICE_WORKER_PATH), worker)
  return { outDir, oldStylesheet: `/${stylesheet}`, newStylesheet: `/${nextStylesheet}`, remove: () => rmSync(folder, { recursive: true, force: true }) }
}

/** Helpers on one tab of the site: its 'New version available' prompt, and what its worker answers. */
function siteTab(page: Page) {
  const prompt = page.getByRole('status').filter({ hasText: DEFAULT_MESSAGES['app.newVersion'] })
  return {
    page,
    prompt,
    reloadButton: prompt.getByRole('button', { name: DEFAULT_MESSAGES['app.newVersion.reload'] }),
    /** What the page gets for a path of the site: through the worker that controls it. */
    fetched: (path: string) =>
      page.evaluate(async (url) => {
        const response = await fetch(url)
        return { status: response.status, body: await response.text() }
      }, path),
    /** The paths in the worker's precache. */
    precached: async () =>
      Object.entries(await cachedUrls(page))
        .filter(([name]) => name.startsWith('workbox-precache'))
        .flatMap(([, urls]) => urls.map((url) => new URL(url).pathname)),
    workers: () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        return { controlled: navigator.serviceWorker.controller !== null, active: registration?.active?.state ?? null, waiting: registration?.waiting?.state ?? null }
      }),
    linkedStylesheets: () => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname)),
    /** The custom property the next build's stylesheet adds ('' before it applies). */
    buildMark: () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--site-build')),
    /** Presses Reload as a pointer would (nothing may cover it) and waits until the page has reloaded. */
    async takeNewVersion() {
      await page.evaluate(() => Object.assign(window, { beforeNewVersion: true }))
      await this.reloadButton.click()
      await expect.poll(() => page.evaluate(() => 'beforeNewVersion' in window).catch(() => true)).toBe(false)
    },
  }
}

describe('a new version of the site', () => {
  test("deployed while the worker controls the page: the next visit offers it ('New version available'), the running build answers until Reload, then the new one does, in every tab", async () => {
    const siteRoot = fileURLToPath(new URL('../..', import.meta.url))
    const port = await freePort()
    const origin = `http://localhost:${port}`
    const next = nextBuild(stack.siteDistDir)
    // The site's server on one port (one origin), first over the stack's build, then over the next.
    const serve = (outDir: string) => startSite({ siteRoot, outDir, port, apiUrl: stack.apiUrl, log: `${stack.siteDistDir}.new-version-${port}.log` })
    let site = await serve(stack.siteDistDir)
    try {
      const { page, context } = await chromium.open(WITH_WORKER)
      const consoleErrors: string[] = []
      context.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text())
      })
      const first = siteTab(page)

      // A first visit: the worker installs and controls the page; a first install is no new version.
      await page.goto(`${origin}/`)
      expect(await workerControls(page)).toBe(`${origin}${SERVICE_WORKER_PATH}`)
      expect(await first.precached()).toContain(next.oldStylesheet)
      expect(await first.linkedStylesheets()).toEqual([next.oldStylesheet])
      expect(await first.prompt.count()).toBe(0)

      // The next build is deployed: the server restarts on the same port over it.
      await site.stop()
      site = await serve(next.outDir)
      expect((await page.request.get(`${origin}${next.oldStylesheet}`)).status()).toBe(404)
      expect(await (await page.request.get(`${origin}${APP_SHELL_PATH}`)).text()).toContain(next.newStylesheet)

      // The next visit, in a second tab (an episode, in the full-screen reader), finds the new worker: it
      // installs and waits, and both tabs offer it; the reader's over the reader and beside the cookie
      // banner that still waits for an answer.
      const second = siteTab(await context.newPage())
      await second.page.goto(`${origin}/comic/${comic.id}/${comic.chapterIds[0]}`)
      await expect.poll(() => second.prompt.isVisible(), { timeout: 30_000 }).toBe(true)
      await expect.poll(() => first.prompt.isVisible()).toBe(true)
      expect(await second.page.locator('.comics-reader').isVisible()).toBe(true)
      await expect.poll(() => second.page.locator('.comics-cookie-banner').getByRole('button', { name: 'Accept' }).isVisible()).toBe(true)
      expect(await second.workers()).toEqual({ controlled: true, active: 'activated', waiting: 'installed' })
      // Meanwhile the running build goes on: the first tab still runs it, and the running worker answers
      // both from its own precache (its app shell, and its stylesheet, which the server no longer has).
      expect(await first.linkedStylesheets()).toEqual([next.oldStylesheet])
      expect(await first.buildMark()).toBe('')
      for (const tab of [first, second]) {
        expect((await tab.fetched(APP_SHELL_PATH)).body).toContain(next.oldStylesheet)
        expect(await tab.fetched(next.oldStylesheet)).toMatchObject({ status: 200 })
      }

      // Reload in the reader: the new worker takes over and the page reloads, in the reader.
      await second.takeNewVersion()
      await expect.poll(() => second.page.locator('.comics-reader').isVisible()).toBe(true)
      await expect.poll(second.workers).toEqual({ controlled: true, active: 'activated', waiting: null })
      // The new build answers: its shell and stylesheet from the new precache, the last build's gone from it.
      await expect.poll(async () => (await second.fetched(APP_SHELL_PATH)).body).toContain(next.newStylesheet)
      const precached = await second.precached()
      expect(precached).toContain(next.newStylesheet)
      expect(precached).not.toContain(next.oldStylesheet)
      expect(await second.linkedStylesheets()).toEqual([next.newStylesheet])
      await expect.poll(second.buildMark).toBe('"next"')
      expect(await second.prompt.count()).toBe(0)

      // The first tab still runs the last build and still offers the new one: its Reload now reloads.
      expect(await first.prompt.isVisible()).toBe(true)
      await first.takeNewVersion()
      expect(await first.linkedStylesheets()).toEqual([next.newStylesheet])
      await expect.poll(first.buildMark).toBe('"next"')
      expect(await first.prompt.count()).toBe(0)
      expect(consoleErrors).toEqual([])
    } finally {
      await site.stop()
      next.remove()
    }
  })
})
