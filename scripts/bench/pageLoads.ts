import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright'
import { appRunning, duplicatesAmong, openMeasuredPage, openSignIn, readFigures, requestKey, type SeenRequest } from './browser'
import { clientDir } from '@comics/test-stack/siteBuild'
import { addBreakdown, chunkBreakdown, gzipSize } from './dependencyBreakdown'
import { documentFiles, readRouterManifest } from './routerManifest'
import type { ThrottlingProxy } from './throttlingProxy'

export interface SitePage {
  name: 'home' | 'comic' | 'reader'
  path: string
  /** The page's route in React Router's manifest: its module in src/routes.ts without the extension, e.g. 'routes/home'. */
  routeId: string
}

export interface PageLoadFigures {
  name: SitePage['name']
  path: string
  /** gzip bytes of the scripts and stylesheets the page requested before it settled (Chromium). */
  initialJsGzip: number
  initialCssGzip: number
  scripts: string[]
  /**
   * The same page from React Router's manifest of the build: what its document preloads (the manifest's
   * own file, the browser entry's chunks and those of the page's route and its parents).
   */
  manifestJsGzip: number
  /** gzip bytes of the requested scripts by the package their code came from. */
  jsByDependency: Record<string, number>
  firebaseJsGzip: number
  lcpMs: number
  lcpElement: string
  cls: number
  shifts: { value: number; at: number; sources: string[] }[]
  requests: number
  duplicates: string[]
  /** Every first visit's LCP and CLS, when the page was loaded more than once. */
  runs?: { lcpMs: number[]; cls: number[] }
}

/**
 * Several first visits of one page as one figure: the visit with the median LCP (its element, shifts and
 * requests), with the worst CLS of all and every duplicate any of them made.
 */
export function combinePageLoads(loads: PageLoadFigures[]): PageLoadFigures {
  const byLcp = [...loads].sort((a, b) => a.lcpMs - b.lcpMs)
  const middle = byLcp[Math.floor((byLcp.length - 1) / 2)]!
  const worst = loads.reduce((a, b) => (b.cls > a.cls ? b : a))
  return {
    ...middle,
    cls: worst.cls,
    shifts: worst.shifts,
    duplicates: [...new Set(loads.flatMap((load) => load.duplicates))],
    runs: { lcpMs: loads.map((load) => load.lcpMs), cls: loads.map((load) => load.cls) },
  }
}

const isFirebase = (dependency: string) => dependency === 'firebase' || dependency.startsWith('@firebase/') || dependency === 'idb'

/** The build's browser file of a url the site server served, if it is one of them. */
function distFileOf(distDir: string, url: string): string | null {
  const path = new URL(url).pathname
  const file = join(clientDir(distDir), path)
  return path.startsWith('/assets/') && existsSync(file) ? file : null
}

function weigh(distDir: string, requests: readonly SeenRequest[], type: 'Script' | 'Stylesheet') {
  const files = [...new Set(requests.filter((request) => request.resourceType === type).map((request) => distFileOf(distDir, request.url)).filter((file): file is string => file !== null))]
  return { files, gzip: files.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0) }
}

/**
 * Loads a page as a first-time visitor (fresh cache and storage) under slow 4G and 4x CPU slowdown, lets
 * it settle (network quiet for 1.5 s), and reports its largest contentful paint, layout shifts, the JS and
 * CSS it requested (gzip, from the build's files) and its requests.
 */
export async function measurePageLoad(
  browser: Browser,
  options: { origin: string; distDir: string; page: SitePage; prepare?: (context: BrowserContext) => Promise<void> },
): Promise<PageLoadFigures> {
  const { origin, distDir, page: sitePage } = options
  const measured = await openMeasuredPage(browser, { throttled: true })
  try {
    await options.prepare?.(measured.context)
    await measured.page.goto(`${origin}${sitePage.path}`, { waitUntil: 'load', timeout: 120_000 })
    await appRunning(measured.page)
    await measured.network.quiet(1500, 120_000)
    const figures = await readFigures(measured.page)
    const requests = measured.network.requests
    const js = weigh(distDir, requests, 'Script')
    const css = weigh(distDir, requests, 'Stylesheet')
    const breakdown = new Map<string, number>()
    for (const file of js.files) addBreakdown(breakdown, chunkBreakdown(file))
    const named = documentFiles(readRouterManifest(distDir), sitePage.routeId)
    const manifestFiles = named.scripts.map((url) => join(clientDir(distDir), url))
    const sum = (files: string[]) => files.reduce((total, file) => total + gzipSize(readFileSync(file)), 0)
    return {
      name: sitePage.name,
      path: sitePage.path,
      initialJsGzip: js.gzip,
      initialCssGzip: css.gzip,
      scripts: js.files.map((file) => file.slice(clientDir(distDir).length + 1)),
      manifestJsGzip: sum(manifestFiles.filter((file) => file.endsWith('.js'))),
      jsByDependency: Object.fromEntries([...breakdown].sort((a, b) => b[1] - a[1]).map(([key, value]) => [key, Math.round(value)])),
      firebaseJsGzip: Math.round([...breakdown].filter(([key]) => isFirebase(key)).reduce((total, [, value]) => total + value, 0)),
      lcpMs: figures.lcp,
      lcpElement: figures.lcpTag,
      cls: figures.cls,
      shifts: figures.shifts,
      requests: requests.filter((request) => !request.fromCache).length,
      duplicates: duplicatesAmong(requests).map(requestKey),
    }
  } finally {
    await measured.context.close()
  }
}

export interface AuthLoadFigures {
  /** Firebase's JS (gzip) on the home page before any auth action, and once the sign-in modal opened. */
  firebaseBeforeGzip: number
  firebaseAfterSignInOpenGzip: number
}

/** Opens the sign-in modal on the home page and reports how much Firebase code it loaded. */
export async function measureAuthLoad(browser: Browser, options: { origin: string; distDir: string }): Promise<AuthLoadFigures> {
  const measured = await openMeasuredPage(browser, { throttled: false, storage: { 'google-analytics-consent': '"rejected"' } })
  const firebaseOf = (requests: readonly SeenRequest[]) => {
    const breakdown = new Map<string, number>()
    for (const file of weigh(options.distDir, requests, 'Script').files) addBreakdown(breakdown, chunkBreakdown(file))
    return Math.round([...breakdown].filter(([key]) => isFirebase(key)).reduce((total, [, value]) => total + value, 0))
  }
  try {
    await measured.page.goto(`${options.origin}/`, { waitUntil: 'load' })
    await measured.network.quiet(1000)
    const before = firebaseOf(measured.network.requests)
    await openSignIn(measured.page)
    await measured.network.quiet(1000)
    return { firebaseBeforeGzip: before, firebaseAfterSignInOpenGzip: firebaseOf(measured.network.requests) }
  } finally {
    await measured.context.close()
  }
}

export interface WorkerVisitFigures {
  /** LCP of first visits with the site's service worker blocked, and allowed (it registers after load). */
  firstWithoutWorkerMs: number[]
  firstWithWorkerMs: number[]
  /** LCP of a repeat visit, the worker installed and its precache filled, in the same browser profile. */
  repeatWithWorkerMs: number[]
  /**
   * On each repeat visit, the document the worker answered with (network first): from the navigation's
   * start to its first byte in the page (Navigation Timing); whether the link carried it as the worker's
   * navigation preload; and the bytes the link carried down during the visit.
   */
  repeatDocumentMs: number[]
  repeatDocumentPreloaded: boolean[]
  repeatBytesDown: number[]
  /**
   * On each first visit with the worker, when the link carried the request for the worker's script (its
   * registration; the precache follows), from the navigation's start, to set against that visit's LCP.
   */
  registeredAtMs: number[]
  /**
   * Bytes the link carried down on each first visit: with the worker blocked, until the page settled; with
   * it allowed, until the worker was installed and controlled the page (its precache included).
   */
  firstWithoutWorkerBytesDown: number[]
  firstWithWorkerBytesDown: number[]
  /** Origins the pages fetched from other than the site's (those would go round the throttled link). */
  otherOrigins: string[]
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN

/** The median of each kind of visit. */
export const workerVisitMedians = (figures: WorkerVisitFigures) => ({
  firstWithoutWorkerMs: median(figures.firstWithoutWorkerMs),
  firstWithWorkerMs: median(figures.firstWithWorkerMs),
  repeatWithWorkerMs: median(figures.repeatWithWorkerMs),
  repeatDocumentMs: median(figures.repeatDocumentMs),
})

interface DocumentTiming {
  /** When the worker was started or found running (0 when no worker answered the navigation). */
  workerStart: number
  /** The document's first byte, from the navigation's start. */
  responseStart: number
}

/** The site's service worker script (examples/site/src/offline/offlineConstants.ts). */
const SERVICE_WORKER_SCRIPT = '/sw.js'

const documentTiming = (page: Page): Promise<DocumentTiming> =>
  page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    return { workerStart: entry?.workerStart ?? 0, responseStart: entry?.responseStart ?? 0 }
  })

/**
 * The service worker's effect on a page's LCP under the throttled profile, side by side in one run: a
 * first visit with the worker blocked and one with it allowed (alternating, `runs` of each), and a repeat
 * visit once the worker controls the page and its precache is filled, with the worker stopped first (as it
 * is when a reader comes back another day).
 *
 * `browser` goes through `link`, a throttling proxy with the slow 4G profile in front of the site, so what
 * the worker fetches itself (the document, network first; its precache; images it passes on) is slowed
 * like the page's own requests, which the page's DevTools emulation cannot do; the CPU slowdown is the
 * page's as elsewhere. Each repeat visit checks that the worker answered the navigation, that the link
 * carried the worker's request for the document and that its first byte took at least the profile's round
 * trip: otherwise the run fails rather than report an optimistic figure.
 */
export async function measureWorkerVisits(
  browser: Browser,
  options: { origin: string; page: SitePage; runs: number; link: ThrottlingProxy; roundTripMs: number },
): Promise<WorkerVisitFigures> {
  const url = `${options.origin}${options.page.path}`
  const figures: WorkerVisitFigures = { firstWithoutWorkerMs: [], firstWithWorkerMs: [], repeatWithWorkerMs: [], repeatDocumentMs: [], repeatDocumentPreloaded: [], repeatBytesDown: [], registeredAtMs: [], firstWithoutWorkerBytesDown: [], firstWithWorkerBytesDown: [], otherOrigins: [] }
  const noteOrigins = (requests: readonly SeenRequest[]) => {
    for (const request of requests) {
      if (!/^https?:/.test(request.url)) continue
      const origin = new URL(request.url).origin
      if (origin !== options.origin && !figures.otherOrigins.includes(origin)) figures.otherOrigins.push(origin)
    }
  }
  const visit = async (serviceWorkers: 'allow' | 'block') => {
    const measured = await openMeasuredPage(browser, { throttled: true, network: 'link', serviceWorkers })
    const startBytesDown = options.link.stats().bytesDown
    const carriedFrom = options.link.requests().length
    await measured.page.goto(url, { waitUntil: 'load', timeout: 120_000 })
    await appRunning(measured.page)
    await measured.network.quiet(1500, 120_000)
    noteOrigins(measured.network.requests)
    return { measured, lcp: (await readFigures(measured.page)).lcp, startBytesDown, carriedFrom }
  }
  for (let run = 0; run < options.runs; run++) {
    const blocked = await visit('block')
    figures.firstWithoutWorkerMs.push(blocked.lcp)
    figures.firstWithoutWorkerBytesDown.push(options.link.stats().bytesDown - blocked.startBytesDown)
    await blocked.measured.context.close()
    const allowed = await visit('allow')
    figures.firstWithWorkerMs.push(allowed.lcp)
    try {
      const { page, network, cdp } = allowed.measured
      // Installed (its precache filled) and controlling the page, as on any later visit.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
        if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
      })
      figures.firstWithWorkerBytesDown.push(options.link.stats().bytesDown - allowed.startBytesDown)
      const workerScript = options.link.requests().slice(allowed.carriedFrom).find((request) => request.path === SERVICE_WORKER_SCRIPT)
      if (!workerScript) throw new Error(`The link carried no request for ${SERVICE_WORKER_SCRIPT} on the first visit of ${options.page.path}`)
      figures.registeredAtMs.push(workerScript.at - (await page.evaluate(() => performance.timeOrigin)))
      // As on a later day's visit, the worker is not running when the reader comes back: it starts with
      // the navigation, not before it.
      await cdp.send('ServiceWorker.enable')
      await cdp.send('ServiceWorker.stopAllWorkers')
      await network.quiet(1500, 120_000)
      const mark = network.requests.length
      const carriedMark = options.link.requests().length
      const before = options.link.stats().bytesDown
      await page.goto(url, { waitUntil: 'load', timeout: 120_000 })
      await appRunning(page)
      await network.quiet(1500, 120_000)
      noteOrigins(network.since(mark))
      const timing = await documentTiming(page)
      if (timing.workerStart <= 0) throw new Error(`The repeat visit of ${options.page.path} was not answered by the service worker`)
      // The worker's request for the document went through the link, and took at least its round trip.
      const documentRequest = options.link.requests().slice(carriedMark).find((request) => request.method === 'GET' && request.path === options.page.path)
      if (!documentRequest) throw new Error(`The link carried no request for ${options.page.path} on the repeat visit: the worker's fetch went round it`)
      if (timing.responseStart < options.roundTripMs) {
        throw new Error(`The worker's document came in ${Math.round(timing.responseStart)} ms, faster than the ${options.roundTripMs} ms round trip: its fetch was not throttled`)
      }
      figures.repeatDocumentMs.push(timing.responseStart)
      figures.repeatDocumentPreloaded.push(documentRequest.navigationPreload)
      figures.repeatBytesDown.push(options.link.stats().bytesDown - before)
      figures.repeatWithWorkerMs.push((await readFigures(page)).lcp)
    } finally {
      await allowed.measured.context.close()
    }
  }
  return figures
}
