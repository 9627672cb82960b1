import type { Browser, BrowserContext, CDPSession, Page } from 'playwright'
import { appRunning } from '@comics/test-stack/appRunning'
import { launchChromium } from '@comics/test-stack/chromium'

export { appRunning }

export { launchChromium }

/**
 * Chromium as launchChromium starts it, with every connection to `host:port` made to the loopback
 * `throughPort` instead (a throttling proxy): the origin, and the Host header, stay the site's.
 */
export function launchChromiumThrough(options: { host: string; port: number; throughPort: number }): Promise<Browser> {
  return launchChromium([`--host-resolver-rules=MAP ${options.host}:${options.port} 127.0.0.1:${options.throughPort}`])
}

/**
 * The slow mobile network: Lighthouse's 'slow 4G' figures (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
 * up), applied by Chromium's DevTools network emulation to every request.
 */
export const SLOW_4G = { latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000 }
/** Chromium's CPU throttling: 4 times slower than this machine, Lighthouse's mobile default. */
export const CPU_SLOWDOWN = 4

/** A phone-sized page: 375 x 740 CSS pixels at 2x, touch. */
export const PHONE = { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }

/** One network request the page made, as the DevTools protocol saw it. */
export interface SeenRequest {
  id: string
  method: string
  url: string
  postData: string | undefined
  resourceType: string | undefined
  /** Answered from the browser's memory or disk cache instead of the network. */
  fromCache: boolean
  status: number | undefined
  encodedBytes: number
  finished: boolean
  failed: boolean
}

/**
 * Records every request of a page through its CDP session and tells when the network has been quiet.
 * Requests answered from a cache are kept but marked, so duplicates count only real network requests.
 */
export class NetworkLog {
  readonly requests: SeenRequest[] = []
  private readonly byId = new Map<string, SeenRequest>()
  private inFlight = new Set<string>()
  private lastActivity = Date.now()

  constructor(private readonly cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (event) => {
      // A redirect reuses the id: the hop before it is finished.
      const seen: SeenRequest = {
        id: event.requestId,
        method: event.request.method,
        url: event.request.url,
        postData: event.request.postData,
        resourceType: event.type,
        fromCache: false,
        status: undefined,
        encodedBytes: 0,
        finished: false,
        failed: false,
      }
      this.requests.push(seen)
      this.byId.set(event.requestId, seen)
      this.inFlight.add(event.requestId)
      this.lastActivity = Date.now()
    })
    cdp.on('Network.requestServedFromCache', (event) => {
      const seen = this.byId.get(event.requestId)
      if (seen) seen.fromCache = true
    })
    cdp.on('Network.responseReceived', (event) => {
      const seen = this.byId.get(event.requestId)
      if (!seen) return
      seen.status = event.response.status
      if (event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker) seen.fromCache = true
    })
    cdp.on('Network.loadingFinished', (event) => {
      const seen = this.byId.get(event.requestId)
      if (seen) {
        seen.finished = true
        seen.encodedBytes = event.encodedDataLength
      }
      this.inFlight.delete(event.requestId)
      this.lastActivity = Date.now()
    })
    cdp.on('Network.loadingFailed', (event) => {
      const seen = this.byId.get(event.requestId)
      if (seen) seen.failed = true
      this.inFlight.delete(event.requestId)
      this.lastActivity = Date.now()
    })
  }

  /** Resolves once no request has been in flight for `quietMs`; gives up after `timeoutMs`. */
  async quiet(quietMs = 1000, timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (this.inFlight.size === 0 && Date.now() - this.lastActivity >= quietMs) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`The network was not quiet within ${timeoutMs / 1000} s (${this.inFlight.size} requests in flight)`)
  }

  /** Requests seen from index `from` on (use `requests.length` as a mark). */
  since(from: number): SeenRequest[] {
    return this.requests.slice(from)
  }
}

/** What identifies a request: the same method, url and body twice is the same request made twice. */
export const requestKey = (request: SeenRequest) => `${request.method} ${request.url}${request.postData ? ` ${request.postData}` : ''}`

/** Network requests (not cache hits, not data: urls) whose key was already seen among `requests`. */
export function duplicatesAmong(requests: readonly SeenRequest[]): SeenRequest[] {
  const seen = new Set<string>()
  const duplicates: SeenRequest[] = []
  for (const request of requests) {
    if (request.fromCache || request.url.startsWith('data:') || request.url.startsWith('blob:')) continue
    const key = requestKey(request)
    if (seen.has(key)) duplicates.push(request)
    seen.add(key)
  }
  return duplicates
}

/**
 * Collects, from before any page script runs, largest contentful paint, layout shifts and Element Timing
 * entries (the reader marks each episode's first page with elementtiming) into window.__bench.
 */
const OBSERVERS = () => {
  if (window.top !== window) return
  const bench = { lcp: 0, lcpTag: '', cls: 0, shifts: [] as { value: number; at: number; sources: string[] }[], elements: [] as { identifier: string; url: string; renderTime: number }[], clickAt: 0 }
  ;(window as unknown as { __bench: typeof bench }).__bench = bench
  const observe = (type: string, onEntry: (entry: PerformanceEntry & Record<string, unknown>) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => onEntry(entry as PerformanceEntry & Record<string, unknown>))).observe({ type, buffered: true })
    } catch {
      /* not supported */
    }
  }
  observe('largest-contentful-paint', (entry) => {
    bench.lcp = entry.startTime
    const element = entry.element as Element | null
    bench.lcpTag = element ? `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}` : ''
  })
  observe('layout-shift', (entry) => {
    if (entry.hadRecentInput) return
    bench.cls += entry.value as number
    const sources = (entry.sources as { node?: Node }[] | undefined) ?? []
    bench.shifts.push({
      value: entry.value as number,
      at: entry.startTime,
      sources: sources.map((source) => (source.node instanceof Element ? `${source.node.tagName.toLowerCase()}.${String(source.node.className).split(' ')[0]}` : 'node')),
    })
  })
  observe('element', (entry) => {
    bench.elements.push({ identifier: entry.identifier as string, url: entry.url as string, renderTime: (entry.renderTime as number) || (entry.loadTime as number) })
  })
}

export interface PageFigures {
  lcp: number
  lcpTag: string
  cls: number
  shifts: { value: number; at: number; sources: string[] }[]
  elements: { identifier: string; url: string; renderTime: number }[]
  clickAt: number
}

export const readFigures = (page: Page): Promise<PageFigures> => page.evaluate(() => (window as unknown as { __bench: PageFigures }).__bench)

export interface MeasuredPage {
  context: BrowserContext
  page: Page
  cdp: CDPSession
  network: NetworkLog
}

/**
 * A fresh context (empty cache and storage) with a phone-sized page, the observers installed, every request
 * logged and, when `throttled`, the slow 4G profile and 4x CPU slowdown applied through the DevTools protocol.
 * With `network: 'link'` the network is left to a throttling proxy the browser goes through (see
 * throttlingProxy.ts: it slows a service worker's fetches too, which the page's emulation does not reach);
 * the CPU slowdown is applied as before.
 */
export async function openMeasuredPage(
  browser: Browser,
  options: { throttled: boolean; network?: 'page' | 'link'; storage?: Record<string, string>; serviceWorkers?: 'allow' | 'block' },
): Promise<MeasuredPage> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: options.serviceWorkers ?? 'allow' })
  if (options.storage) {
    await context.addInitScript((pairs: [string, string][]) => {
      if (window.top !== window) return
      for (const [key, value] of pairs) if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value)
    }, Object.entries(options.storage))
  }
  // As source text: tsx names functions with an `__name` helper the page does not have.
  await context.addInitScript({ content: `(() => { const __name = (target) => target; (${OBSERVERS.toString()})() })()` })
  const page = await context.newPage()
  page.setDefaultTimeout(60_000)
  const cdp = await context.newCDPSession(page)
  const network = new NetworkLog(cdp)
  await cdp.send('Network.enable')
  await cdp.send('Performance.enable')
  if (options.throttled && options.network !== 'link') {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.latencyMs,
      downloadThroughput: SLOW_4G.downloadBitsPerSecond / 8,
      uploadThroughput: SLOW_4G.uploadBitsPerSecond / 8,
      connectionType: 'cellular4g',
    })
  }
  if (options.throttled) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  return { context, page, cdp, network }
}

/** JS heap in use and DOM node count after a full garbage collection. */
export async function heapAfterGc(cdp: CDPSession): Promise<{ heapBytes: number; nodes: number }> {
  await cdp.send('HeapProfiler.enable')
  for (let i = 0; i < 2; i++) await cdp.send('HeapProfiler.collectGarbage')
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? Number.NaN
  return { heapBytes: metric('JSHeapUsedSize'), nodes: metric('Nodes') }
}

/** Waits until `predicate` holds in the page, polling. */
export async function waitInPage<T>(page: Page, predicate: (arg: T) => boolean, arg: T, timeoutMs = 60_000): Promise<void> {
  await page.waitForFunction(predicate as (arg: unknown) => boolean, arg, { timeout: timeoutMs, polling: 50 })
}

/** Opens the sign-in modal from the top bar, through its menu on a phone-sized page. */
export async function openSignIn(page: Page): Promise<void> {
  await appRunning(page, 120_000)
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' })
  if (!(await signIn.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click()
  await signIn.click()
  await page.getByLabel('Your Email').waitFor()
}
