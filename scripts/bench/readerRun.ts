import type { Browser, Page } from 'playwright'
import { appRunning, duplicatesAmong, heapAfterGc, SLOW_4G, openMeasuredPage, openSignIn, readFigures, requestKey, waitInPage, type MeasuredPage } from './browser'
import type { LongComic, Subscriber } from './catalogue'

const FIRST_PAGE = 'comics-reader-first-page'
const NO_BANNER = { 'google-analytics-consent': '"rejected"' }
/**
 * The document (rendered on the server, with the page's first image in it), then the stylesheet and
 * the first image side by side: see `networkFloorMs`.
 */
export const CRITICAL_ROUND_TRIPS = 2

export interface ReaderFigures {
  pagesInEpisode: number
  /** Cold open of episode 1 as a first-time guest, throttled (median of the runs). */
  lcpMs: number
  lcpElement: string
  cls: number
  firstPagePaintMs: number
  coldRequests: number
  coldDuplicates: string[]
  /**
   * Bytes the first page cannot paint without (the server-rendered document, the stylesheet, the first
   * image), as transferred, and the lower bound they set on this network: their transfer time plus one
   * round trip per step of the chain (the document; the stylesheet and the image). The scripts, which
   * take the page over, download beside them and share the link.
   */
  criticalBytes: number
  networkFloorMs: number
  /** Next click to the next episode's first page painted, throttled. */
  nextWithPrefetchMs: number
  nextWithoutPrefetchMs: number
  nextSpeedup: number
  runs: { firstPagePaintMs: number[]; lcpMs: number[]; cls: number[]; nextWithPrefetchMs: number[]; nextWithoutPrefetchMs: number[] }
  /** Through 10 episodes as a subscriber. */
  scroll: {
    episodes: number
    heapStartBytes: number
    heapEndBytes: number
    heapGrowthBytes: number
    nodesStart: number
    nodesEnd: number
    domElementsEnd: number
    requestsPerEpisode: number[]
    duplicates: string[]
  }
  /**
   * Through 10 episodes as a subscriber reading continuously (the reader setting `flow: 'continuous'`): one
   * strip, scrolled down, the address moving from episode to episode. Absent where the reader has no
   * continuous reading (a baseline from before it).
   */
  continuous?: ReaderFigures['scroll'] & {
    /** Page images mounted at the end (the episodes far from the one read have theirs released). */
    imagesEnd: number
    /** Pages (their boxes) in the strip at the end. */
    pagesEnd: number
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** An image's address without its query: a rendition (`?w=`) and a signed address (`?exp=…&sig=…`) name the same page. */
const pagePath = (url: string) => url.split('?')[0]!

/**
 * Whether `url` loads the page image at `pageUrl`, at its own width or a rendition's (`?w=`). A locked
 * episode's pages are listed at signed addresses whose signature follows the signing window, so the
 * address the catalogue read and the one the Reader loads may differ in their query: paths are compared.
 */
const isPageImage = (url: string, pageUrl: string) => pagePath(url).endsWith(pagePath(pageUrl))

const readerPath = (comic: LongComic, episode: number) => `/comic/${comic.id}/${comic.chapterIds[episode]}`

/** The paint time of the first page of the episode whose first image is `url`, once painted after `after`. */
async function firstPagePainted(page: Page, url: string, after = 0): Promise<number> {
  const match = { identifier: FIRST_PAGE, path: pagePath(url), after }
  await waitInPage(
    page,
    (m) =>
      (window as unknown as { __bench: { elements: { identifier: string; url: string; renderTime: number }[] } }).__bench.elements.some(
        // Any width of the page (the Reader's srcset picks a rendition, ?w=, for the screen), signed or not.
        (entry) => entry.identifier === m.identifier && entry.url.split('?')[0]!.endsWith(m.path) && entry.renderTime > m.after,
      ),
    match,
    120_000,
  )
  const figures = await readFigures(page)
  return figures.elements.find((entry) => entry.identifier === FIRST_PAGE && isPageImage(entry.url, url) && entry.renderTime > after)!.renderTime
}

/** Clicks Next (in the page, with the time of the click kept) and returns the click time. */
async function clickNext(page: Page): Promise<number> {
  return page.evaluate(() => {
    const next = [...document.querySelectorAll<HTMLButtonElement>('.comics-reader__footer button')].find((button) => button.textContent?.trim() === 'Next')
    if (!next || next.disabled) throw new Error('Next is not available')
    const at = performance.now()
    ;(window as unknown as { __bench: { clickAt: number } }).__bench.clickAt = at
    next.click()
    return at
  })
}

/** Scrolls the strip so that the bottom of the viewport is at `fraction` of its height (1: the end). */
async function scrollStripTo(page: Page, fraction: number): Promise<void> {
  await page.evaluate((f) => {
    const strip = document.querySelector<HTMLElement>('.comics-reader__main')!
    strip.scrollTop = Math.max(0, strip.scrollHeight * f - strip.clientHeight)
    strip.dispatchEvent(new Event('scroll'))
  }, fraction)
}

/** Scrolls through the whole strip a screen at a time, as a quick reader would. */
async function scrollThrough(page: Page): Promise<void> {
  for (;;) {
    const atEnd = await page.evaluate(() => {
      const strip = document.querySelector<HTMLElement>('.comics-reader__main')!
      strip.scrollTop += strip.clientHeight * 1.5
      return strip.scrollTop + strip.clientHeight >= strip.scrollHeight - 2
    })
    if (atEnd) return
    await page.waitForTimeout(60)
  }
}

export interface ColdRun {
  measured: MeasuredPage
  firstPagePaintMs: number
}

/** A first-time guest opens episode 1, throttled; resolves once its first page is painted and the network is quiet. */
export async function coldOpen(browser: Browser, origin: string, comic: LongComic): Promise<ColdRun> {
  const measured = await openMeasuredPage(browser, { throttled: true, storage: NO_BANNER })
  await measured.page.goto(`${origin}${readerPath(comic, 0)}`, { waitUntil: 'commit', timeout: 120_000 })
  const firstPagePaintMs = await firstPagePainted(measured.page, comic.firstPageUrls[0]!)
  await appRunning(measured.page)
  await measured.network.quiet(1500, 120_000)
  return { measured, firstPagePaintMs }
}

/**
 * The reader on the long comic: cold opens of episode 1 (LCP, CLS, first page painted, requests), Next
 * without prefetch (clicked at the top of the episode, where no prefetch has started) and with it (clicked
 * at the end, after the prefetch at 70 %), all under slow 4G and 4x CPU; then a subscriber reads through 10
 * episodes (no throttling) for the heap, the DOM and the requests per episode.
 */
export async function measureReader(
  browser: Browser,
  options: { origin: string; comic: LongComic; subscriber: Subscriber; runs: number },
): Promise<ReaderFigures> {
  const { origin, comic } = options
  const runs: ReaderFigures['runs'] = { firstPagePaintMs: [], lcpMs: [], cls: [], nextWithPrefetchMs: [], nextWithoutPrefetchMs: [] }
  let lcpElement = ''
  let coldRequests = 0
  let coldDuplicates: string[] = []
  let criticalBytes = 0
  for (let run = 0; run < options.runs; run++) {
    // Without prefetch: Next at the top of episode 1.
    const cold = await coldOpen(browser, origin, comic)
    try {
      const figures = await readFigures(cold.measured.page)
      runs.firstPagePaintMs.push(cold.firstPagePaintMs)
      runs.lcpMs.push(figures.lcp)
      runs.cls.push(figures.cls)
      lcpElement = figures.lcpTag
      const requests = cold.measured.network.requests
      coldRequests = requests.filter((request) => !request.fromCache).length
      coldDuplicates = duplicatesAmong(requests).map(requestKey)
      criticalBytes = requests
        .filter((request) => ['Document', 'Stylesheet'].includes(request.resourceType ?? '') || isPageImage(request.url, comic.firstPageUrls[0]!))
        .reduce((sum, request) => sum + request.encodedBytes, 0)
      const clickAt = await clickNext(cold.measured.page)
      runs.nextWithoutPrefetchMs.push((await firstPagePainted(cold.measured.page, comic.firstPageUrls[1]!, clickAt)) - clickAt)
    } finally {
      await cold.measured.context.close()
    }
    // With prefetch: read to 75 % (the prefetch starts at 70 %), then to the end, then Next.
    const read = await coldOpen(browser, origin, comic)
    try {
      await scrollStripTo(read.measured.page, 0.75)
      await read.measured.network.quiet(1500, 120_000)
      await scrollStripTo(read.measured.page, 1)
      await read.measured.network.quiet(1500, 120_000)
      const clickAt = await clickNext(read.measured.page)
      runs.nextWithPrefetchMs.push((await firstPagePainted(read.measured.page, comic.firstPageUrls[1]!, clickAt)) - clickAt)
    } finally {
      await read.measured.context.close()
    }
  }

  const scroll = await readThroughEpisodes(browser, options)
  const continuous = await readContinuously(browser, options)
  const withPrefetch = median(runs.nextWithPrefetchMs)
  const withoutPrefetch = median(runs.nextWithoutPrefetchMs)
  return {
    pagesInEpisode: comic.pagesPerEpisode[0]!,
    lcpMs: median(runs.lcpMs),
    lcpElement,
    cls: Math.max(...runs.cls),
    firstPagePaintMs: median(runs.firstPagePaintMs),
    coldRequests,
    coldDuplicates,
    criticalBytes,
    networkFloorMs: (criticalBytes * 8 * 1000) / SLOW_4G.downloadBitsPerSecond + CRITICAL_ROUND_TRIPS * SLOW_4G.latencyMs,
    nextWithPrefetchMs: withPrefetch,
    nextWithoutPrefetchMs: withoutPrefetch,
    nextSpeedup: withoutPrefetch / withPrefetch,
    runs,
    scroll,
    ...(continuous ? { continuous } : {}),
  }
}

/** How many episodes the subscriber reads through, by Next and continuously. */
const EPISODES_READ = 10

/** A subscriber signs in and opens episode 1 of the long comic, its first page painted and the network quiet. */
async function signedInOnEpisode1(measured: MeasuredPage, options: { origin: string; comic: LongComic; subscriber: Subscriber }, storage: Record<string, string> = {}) {
  const { origin, comic, subscriber } = options
  if (comic.chapterIds.length < EPISODES_READ + 1) throw new Error(`The long comic has ${comic.chapterIds.length} episodes; ${EPISODES_READ + 1} are needed`)
  const { page, network } = measured
  await page.goto(`${origin}/`, { waitUntil: 'load' })
  await openSignIn(page)
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Your Email') })
  await dialog.getByLabel('Your Email').fill(subscriber.email)
  await dialog.getByLabel('Your Password').fill(subscriber.password)
  await dialog.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click()
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 })
  await network.quiet(1000)
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value)
  }, storage)
  await page.goto(`${origin}${readerPath(comic, 0)}`, { waitUntil: 'commit' })
  await firstPagePainted(page, comic.firstPageUrls[0]!)
  await appRunning(page)
  await network.quiet(1000)
}

/**
 * The subscriber reads 10 episodes in one strip: continuous reading chosen (a reader setting changed on this
 * device, not yet saved), the strip scrolled down a screen and a half at a time until the address has moved
 * to each next episode. Undefined when no episode follows in the strip: a reader without continuous reading.
 */
async function readContinuously(
  browser: Browser,
  options: { origin: string; comic: LongComic; subscriber: Subscriber },
): Promise<ReaderFigures['continuous']> {
  const { comic } = options
  const measured = await openMeasuredPage(browser, { throttled: false, storage: NO_BANNER })
  const { page, cdp, network } = measured
  const settings = { pageWidth: 'column', pageGap: 'none', background: 'dark', scrollSpeed: 'medium', flow: 'continuous', updatedAt: new Date().toISOString(), unsaved: true }
  try {
    await signedInOnEpisode1(measured, options, { comicsReaderSettings: JSON.stringify(settings) })
    const start = await heapAfterGc(cdp)
    const requestsPerEpisode: number[] = []
    const runStart = network.requests.length
    let mark = network.requests.length
    for (let episode = 1; episode <= EPISODES_READ; episode++) {
      const path = readerPath(comic, episode)
      const deadline = Date.now() + 60_000
      while (new URL(page.url()).pathname !== path) {
        const atEnd = await page.evaluate(() => {
          const strip = document.querySelector<HTMLElement>('.comics-reader__main')!
          strip.scrollTop += strip.clientHeight * 1.5
          return strip.scrollTop + strip.clientHeight >= strip.scrollHeight - 2
        })
        // At the strip's end with nothing joined: no continuous reading here.
        if (atEnd && episode === 1 && (await page.locator('[data-episode-id]').count()) < 2) {
          await page.waitForTimeout(1000)
          if ((await page.locator('[data-episode-id]').count()) < 2) return undefined
        }
        if (Date.now() > deadline) throw new Error(`Continuous reading did not reach episode ${episode + 1} within 60 s`)
        await page.waitForTimeout(60)
      }
      await network.quiet(500)
      requestsPerEpisode.push(network.since(mark).filter((request) => !request.fromCache).length)
      mark = network.requests.length
    }
    const end = await heapAfterGc(cdp)
    const strip = await page.evaluate(() => ({
      domElementsEnd: document.getElementsByTagName('*').length,
      imagesEnd: document.querySelectorAll('.comics-reader__main img').length,
      pagesEnd: document.querySelectorAll('.comics-reader__main [data-page-index]').length,
    }))
    return {
      episodes: EPISODES_READ,
      heapStartBytes: start.heapBytes,
      heapEndBytes: end.heapBytes,
      heapGrowthBytes: end.heapBytes - start.heapBytes,
      nodesStart: start.nodes,
      nodesEnd: end.nodes,
      ...strip,
      requestsPerEpisode,
      duplicates: duplicatesAmong(network.since(runStart)).map(requestKey),
    }
  } finally {
    await measured.context.close()
  }
}

/** A subscriber signs in, opens episode 1 and reads through 10 episodes, pressing Next at the end of each. */
async function readThroughEpisodes(browser: Browser, options: { origin: string; comic: LongComic; subscriber: Subscriber }): Promise<ReaderFigures['scroll']> {
  const { comic } = options
  const episodes = EPISODES_READ
  const measured = await openMeasuredPage(browser, { throttled: false, storage: NO_BANNER })
  const { page, cdp, network } = measured
  try {
    await signedInOnEpisode1(measured, options)
    const start = await heapAfterGc(cdp)
    const requestsPerEpisode: number[] = []
    const runStart = network.requests.length
    let mark = network.requests.length
    for (let episode = 0; episode < episodes; episode++) {
      await scrollThrough(page)
      await network.quiet(500)
      const clickAt = await clickNext(page)
      await firstPagePainted(page, comic.firstPageUrls[episode + 1]!, clickAt)
      await network.quiet(500)
      requestsPerEpisode.push(network.since(mark).filter((request) => !request.fromCache).length)
      mark = network.requests.length
    }
    const end = await heapAfterGc(cdp)
    const domElementsEnd = await page.evaluate(() => document.getElementsByTagName('*').length)
    return {
      episodes,
      heapStartBytes: start.heapBytes,
      heapEndBytes: end.heapBytes,
      heapGrowthBytes: end.heapBytes - start.heapBytes,
      nodesStart: start.nodes,
      nodesEnd: end.nodes,
      domElementsEnd,
      requestsPerEpisode,
      duplicates: duplicatesAmong(network.since(runStart)).map(requestKey),
    }
  } finally {
    await measured.context.close()
  }
}
