import { request, type IncomingHttpHeaders } from 'node:http'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import {
  assetVariant,
  categoriesComicsRequest,
  comicChaptersRequest,
  episodeAssetsRequest,
  homeComicsRequest,
  hostComicsRequest,
  routes,
  type Asset,
  type Chapter,
  type Comic,
} from '@comics/core'
import { freePort } from '@comics/test-stack/freePort'
import { SIGNED_IN_COOKIE } from '../../src/app/documentMarks'
import { START_APP_AFTER_PAINT } from '../../src/app/documentScripts'
import { PRIVATE_DOCUMENT_HEADERS, SHARED_DOCUMENT_HEADERS } from '../../src/app/documentCaching'
import { inlineScriptHashes } from '../../securityHeaders'
import { startSite } from '@comics/test-stack/startSite'
import { apiCalls } from '@comics/test-stack/apiCalls'
import { e2eStack } from '@comics/test-stack/stack'

// The site's production server (src/server/main.ts) as a client without JavaScript sees it: plain HTTP.
const stack = e2eStack()
const api = apiCalls(stack.apiUrl)
/** A list call straight to the API, on the mirror host unless another is named. */
const apiList = <T>(path: string, body: unknown, host = mirrorHost) => api.apiList<T>(path, body, host)
const comic = stack.catalogue.mirrorComic
const siteRoot = fileURLToPath(new URL('../..', import.meta.url))
const mirrorHost = `localhost:${stack.sitePort}`
const adultHost = `adult.localhost:${stack.sitePort}`

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
  /** The body as it came, before any decoding. */
  bytes: Buffer
  /** When the answer had fully arrived (Date.now()). */
  endedAt: number
}

/** GET (or `method`) on a loopback server with a site host in Host, as a browser on that host asks. */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`http://127.0.0.1:${port}${path}`, { method, headers: { host: mirrorHost, accept: 'text/html', ...headers }, timeout: 20_000 }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('error', reject)
      incoming.on('end', () => {
        const bytes = Buffer.concat(chunks)
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: bytes.toString('utf8'), bytes, endedAt: Date.now() })
      })
    })
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer to ${path}`)))
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** Text as React writes it into HTML. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')

/** The nonce the policy admits scripts by; fails the test when the policy has none. */
function policyNonce(answer: Answer): string {
  const policy = String(answer.headers['content-security-policy'] ?? '')
  const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(policy)?.[1]
  if (!nonce) throw new Error(`no nonce in the policy: ${policy}`)
  return nonce
}

/** The script hashes the policy admits inline scripts by (a document a shared cache keeps has them instead of a nonce). */
const policyScriptHashes = (answer: Answer) => /script-src([^;]*)/.exec(String(answer.headers['content-security-policy'] ?? ''))?.[1]!.match(/'sha256-[^']+'/g) ?? []

/**
 * A guest's document a shared cache may keep: the shared caching headers, no nonce anywhere, and each
 * inline script admitted by its hash and nothing else.
 */
function expectSharedDocument(answer: Answer, path: string): void {
  expect(answer.headers['cache-control'], path).toBe(SHARED_DOCUMENT_HEADERS['Cache-Control'])
  expect(answer.headers.vary, path).toBe('Cookie, Accept-Encoding')
  expect(answer.headers['content-security-policy'], path).not.toContain("'nonce-")
  expect(answer.body, path).not.toMatch(/\snonce=/)
  const hashes = policyScriptHashes(answer)
  // The head's script, the framework's context, its route imports and scroll restoration.
  expect(hashes.length, path).toBeGreaterThanOrEqual(3)
  expect(hashes, path).toEqual(inlineScriptHashes(answer.body))
}

/** Every `<script>` start tag of a document. */
const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0])

/** What the server renders into #root (empty when it renders nothing). */
function rendered(html: string): string {
  const start = html.indexOf('<div id="root"')
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'))
  return start < 0 ? '' : html.slice(html.indexOf('>', start) + 1, end)
}

describe('the production server, read without JavaScript', () => {
  test("renders each public screen's content into a guest's document a shared cache may keep (its scripts by hash), and a signed-in reader's with the response's nonce on every script", async () => {
    const [newest] = await apiList<Comic>('/comics/list', hostComicsRequest(homeComicsRequest(), 'normal'))
    const everyComic = await apiList<Comic>('/comics/list', hostComicsRequest(categoriesComicsRequest(), 'normal'))
    const genre = everyComic.flatMap((candidate) => candidate.genres)[0]!
    const inGenre = await apiList<Comic>('/comics/list', hostComicsRequest(categoriesComicsRequest(genre.id), 'normal'))
    const chapters = await apiList<Chapter>('/chapters/list', comicChaptersRequest(comic.id))
    const pages = await apiList<Asset>('/comics-assets/list', episodeAssetsRequest({ comicId: comic.id, chapterId: comic.chapterIds[0]!, variant: assetVariant({ mode: 'normal', uncensored: false }) }))
    const [firstPage] = [...pages].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    expect(newest && firstPage && chapters.length).toBeTruthy()

    const screens: { path: string; shows: string[] }[] = [
      { path: routes.home, shows: [escaped(newest!.title)] },
      // The comic page: its title and its episode rows.
      { path: `/comic/${comic.id}`, shows: [escaped(comic.title), ...comic.chapterTitles.slice(0, 4).map(escaped)] },
      // The reader: the comic and the episode, and the first page's image.
      { path: `/comic/${comic.id}/${comic.chapterIds[0]}`, shows: [escaped(comic.title), escaped(comic.chapterTitles[0]!), `src="${escaped(firstPage!.url)}"`] },
      // Categories: every genre's title and comics, and one genre's from the address.
      { path: routes.categories, shows: ['ALL', ...everyComic.slice(0, 4).map((each) => escaped(each.title))] },
      { path: `${routes.categories}?genre=${encodeURIComponent(genre.id)}`, shows: [escaped(genre.name.toUpperCase()), ...inGenre.map((each) => escaped(each.title))] },
      { path: routes.privacyPolicy, shows: ['Privacy Policy'] },
      { path: routes.termsOfUse, shows: ['Terms of Use'] },
      { path: routes.paymentAndRefund, shows: ['Payment and Refund Policy'] },
    ]
    const nonces = new Set<string>()
    for (const { path, shows } of screens) {
      const answer = await get(stack.sitePort, path)
      expect(answer.status, path).toBe(200)
      expect(answer.headers['content-type']).toMatch(/^text\/html/)
      const html = rendered(answer.body)
      for (const text of shows) expect(html, `${path} shows ${text}`).toContain(text)
      // A guest's: the same for every guest of the host, kept by a shared cache (docs/deploy.md).
      expectSharedDocument(answer, path)
      expect(answer.body).toContain('<script>window.__reactRouterContext')
      // The framework's scripts start after the first paint: its module script and preloads written inert,
      // for the document's last script to start them (src/app/documentScripts.ts, START_APP_AFTER_PAINT).
      expect(answer.body, path).toMatch(/<link rel="modulepreload-after-paint" href="\/assets\/entry\.client-[\w-]+\.js" fetchPriority="low"\/>/)
      expect(answer.body, path).not.toMatch(/<link rel="modulepreload"/)
      expect(answer.body, path).toMatch(/<script data-start="after-paint" type="text\/x-module-after-paint">import "\/assets\/manifest-/)
      expect(answer.body, path).toContain(START_APP_AFTER_PAINT)

      // A signed-in reader's document of the same page: one reader's, with a nonce of its own.
      const own = await get(stack.sitePort, path, { cookie: `${SIGNED_IN_COOKIE}=1` })
      expect(own.status, path).toBe(200)
      expect(own.headers['cache-control']).toBe(PRIVATE_DOCUMENT_HEADERS['Cache-Control'])
      expect(policyScriptHashes(own)).toEqual([])
      const nonce = policyNonce(own)
      nonces.add(nonce)
      const tags = scriptTags(own.body)
      // The run-time settings, the head's script, the framework's context (with the data the page was
      // rendered with), its route imports and scroll restoration.
      expect(tags.length).toBeGreaterThanOrEqual(3)
      expect(own.body).toContain('<script nonce="' + nonce + '">window.__reactRouterContext')
      // The framework's entry is preloaded, at low priority, by the same nonce.
      expect(own.body, path).toMatch(new RegExp(`<link rel="modulepreload" href="/assets/entry\\.client-[\\w-]+\\.js" fetchPriority="low" nonce="${nonce.replace(/[+/=]/g, '\\$&')}"/>`))
      for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`)
    }
    // The reader's first page is preloaded (React's render writes it) as its <img> asks for it: one download.
    const reader = await get(stack.sitePort, `/comic/${comic.id}/${comic.chapterIds[0]}`)
    const image = /<img [^>]*class="comics-reader__image"[^>]*>/.exec(reader.body)![0]
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(reader.body)![0]
    const srcset = / srcSet="([^"]*)"/.exec(image)?.[1]
    if (srcset) expect(preload).toContain(`imageSrcSet="${srcset}" imageSizes="${/ sizes="([^"]*)"/.exec(image)![1]}"`)
    else expect(preload).toContain(`href="${/ src="([^"]*)"/.exec(image)![1]}"`)
    expect(reader.body.indexOf(preload)).toBeLessThan(reader.body.indexOf(image))
    // A nonce is never reused.
    expect(nonces.size).toBe(screens.length)

    // The adult host renders its screens too, its age gate first in the HTML: nothing of the page before it.
    const adultComic = stack.catalogue.uncensoredComic
    for (const path of [routes.home, `/comic/${adultComic.id}`, routes.categories, routes.privacyPolicy]) {
      const answer = await get(stack.sitePort, path, { host: adultHost })
      expect(answer.status).toBe(200)
      const html = rendered(answer.body)
      const gate = html.indexOf('Are you over the age of 18?')
      expect(gate, path).toBeGreaterThan(0)
      // Before it only links and React's boundary marks (the gate's code is its own chunk): comments, nothing shown.
      expect(html.slice(0, gate), path).toMatch(/^\s*(<link [^>]*>|<!--[$!?/]*-->)*<div class="comics-dialog__backdrop comics-age-modal__backdrop"[^>]*><div[^>]*role="dialog"/)
      expectSharedDocument(answer, path)
    }
    const adultPage = rendered((await get(stack.sitePort, `/comic/${adultComic.id}`, { host: adultHost })).body)
    expect(adultPage.indexOf(escaped(adultComic.title))).toBeGreaterThan(adultPage.indexOf('Are you over the age of 18?'))
    // A visitor who answered Yes before (the page's cookie): the same render, #root marked so the gate is not shown.
    const passed = await get(stack.sitePort, routes.home, { host: adultHost, cookie: 'comics_age_passed=1' })
    expect(passed.body).toContain('<div id="root" data-server-rendered="" data-age-passed="">')
  })

  test('redirects a host the site does not serve, and a guarded route for a guest, with HTTP redirects', async () => {
    const foreign = await get(stack.sitePort, `/comic/${comic.id}?from=mail`, { host: `elsewhere.localhost:${stack.sitePort}` })
    expect(foreign.status).toBe(302)
    expect(foreign.headers.location).toBe(`http://${adultHost}/comic/${comic.id}?from=mail`)

    for (const path of [routes.premium, routes.account, '/payment/basic']) {
      const guest = await get(stack.sitePort, path)
      expect(guest.status, path).toBe(302)
      expect(guest.headers.location).toBe('/')
      // A signed-in reader's page (the page sets the cookie while signed in): the document, for the app.
      const reader = await get(stack.sitePort, path, { cookie: `${SIGNED_IN_COOKIE}=1` })
      expect(reader.status, path).toBe(200)
    }
    // The route table's own redirect, for anyone.
    const payment = await get(stack.sitePort, '/payment', { cookie: `${SIGNED_IN_COOKIE}=1` })
    expect(payment.status).toBe(302)
    expect(payment.headers.location).toMatch(/^\/payment\/[^/]+$/)
  })

  test('sends a rendered document in Brotli or gzip by Accept-Encoding, the same page as the plain one', async () => {
    const path = `/comic/${comic.id}/${comic.chapterIds[0]}`
    const br = await get(stack.sitePort, path, { 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await get(stack.sitePort, path, { 'accept-encoding': 'gzip' })
    const refused = await get(stack.sitePort, path, { 'accept-encoding': 'br;q=0, gzip;q=0' })
    const plain = await get(stack.sitePort, path)
    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], refused.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined, undefined])
    // Each document has the times its data was read (and a signed-in reader's its own nonce); apart from them, the same page.
    const page = (html: string) =>
      html
        .replace(/nonce="[^"]+"/g, 'nonce=""')
        .replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0')
        // The same times in the framework's encoding of the page's data (milliseconds since 1970).
        .replace(/\b1\d{12}\b/g, '0')
    expect(plain.body).toMatch(/<img [^>]*class="comics-reader__image"/)
    for (const answer of [br, gzip, refused, plain]) {
      expect(answer.status).toBe(200)
      expect(answer.headers.vary).toContain('Accept-Encoding')
      expect(answer.headers['cache-control']).toBe(SHARED_DOCUMENT_HEADERS['Cache-Control'])
    }
    // The page each shows; the framework's encoding of its data numbers repeated values by where they
    // first occur, so two renders' data differ in more than their times.
    expect(page(rendered(brotliDecompressSync(br.bytes).toString('utf8')))).toBe(page(rendered(plain.body)))
    expect(page(rendered(gunzipSync(gzip.bytes).toString('utf8')))).toBe(page(rendered(plain.body)))
    expect(page(rendered(refused.body))).toBe(page(rendered(plain.body)))
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3)
  })

  test('serves the hashed assets immutable, in Brotli or gzip by Accept-Encoding, and answers its health checks', async () => {
    const home = await get(stack.sitePort, '/')
    // The app frame (React, the router, the kit's provider), which every page loads first.
    const entry = /<link rel="modulepreload(?:-after-paint)?" href="(\/assets\/frame-[^"]+\.js)"/.exec(home.body)?.[1]
    expect(entry).toBeDefined()
    const br = await get(stack.sitePort, entry!, { 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await get(stack.sitePort, entry!, { 'accept-encoding': 'gzip' })
    const plain = await get(stack.sitePort, entry!, { 'accept-encoding': 'identity' })
    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined])
    // The route manifest too, which the framework writes during the server's build (precompressRouteManifest).
    const routeManifest = /<link rel="modulepreload(?:-after-paint)?" href="(\/assets\/manifest-[^"]+\.js)"/.exec(home.body)?.[1]
    expect(routeManifest).toBeDefined()
    expect((await get(stack.sitePort, routeManifest!, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br')
    for (const answer of [br, gzip, plain]) {
      expect(answer.status).toBe(200)
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(answer.headers.vary).toContain('Accept-Encoding')
    }
    expect(Number(br.headers['content-length'])).toBeLessThan(Number(gzip.headers['content-length']))
    expect((await get(stack.sitePort, '/assets/missing-0000.js')).status).toBe(404)
    expect((await get(stack.sitePort, '/healthz')).status).toBe(200)
    expect((await get(stack.sitePort, '/readyz')).status).toBe(200)
  })
})

describe('a rolling restart of the site server', () => {
  test("loses none of a reader's requests: the stopped server answers what it had, then exits", async () => {
    const [portA, portB] = [await freePort(), await freePort()]
    const start = (port: number, env: Record<string, string> = {}) =>
      startSite({ siteRoot, outDir: stack.siteDistDir, port, apiUrl: stack.apiUrl, env, log: `${stack.siteDistDir}.rolling-${port}.log` })
    // A stops in two steps, as behind a load balancer: /readyz says 503 for a moment, then it closes.
    const a = await start(portA, { SITE_SHUTDOWN_DELAY_MS: '1500' })
    let b: Awaited<ReturnType<typeof start>> | undefined
    try {
      // A reader's navigation: the reader's document (rendered with the API's answers), the comic page,
      // the entry script, and the API through the site's /api/v1.
      const entry = /<link rel="modulepreload(?:-after-paint)?" href="(\/assets\/entry\.client-[^"]+\.js)"/.exec((await get(portA, '/')).body)![1]!
      const visit = (port: number, round: number) => {
        const chapter = comic.chapterIds[round % comic.chapterIds.length]!
        return Promise.all([
          get(port, `/comic/${comic.id}/${chapter}`),
          get(port, `/comic/${comic.id}`),
          get(port, entry, { 'accept-encoding': 'br' }),
          get(port, '/api/v1/subscriptions/betatransfer/payment-systems', { accept: 'application/json' }),
        ])
      }
      const answers: Answer[] = []
      for (let round = 0; round < 3; round++) answers.push(...(await visit(portA, round)))

      b = await start(portB)
      // Requests in flight on A when it is told to stop.
      const inFlight = [visit(portA, 3), visit(portA, 4), visit(portA, 5)]
      const stoppedAt = Date.now()
      process.kill(a.pid, 'SIGTERM')
      // Through its stop, A says it is not ready (the balancer sends nothing new) but still answers.
      await expect.poll(async () => (await get(portA, '/readyz')).status, { timeout: 1_000, interval: 50 }).toBe(503)
      const lateOnA = await get(portA, `/comic/${comic.id}`)
      // The reader goes on, on B.
      for (let round = 6; round < 9; round++) answers.push(...(await visit(portB, round)))
      const fromA = (await Promise.all(inFlight)).flat()
      answers.push(...fromA, lateOnA)

      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
      for (const answer of answers) expect(answer.body.length).toBeGreaterThan(0)
      // Some of A's answers were still on their way when the signal came: the stop waited for them.
      expect(fromA.some((answer) => answer.endedAt > stoppedAt)).toBe(true)
      expect(await a.exit).toBe(0)
      // A then accepts nothing more.
      await expect(get(portA, '/healthz')).rejects.toThrow()
    } finally {
      await a.stop()
      await b?.stop()
    }
  })
})
