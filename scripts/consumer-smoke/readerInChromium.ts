import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright'
import { freePort } from '@comics/test-stack/freePort'
import { launchChromium } from '@comics/test-stack/chromium'
import { startProcess, type RunningProcess } from './commands'
import { binaryOf } from './consumerApp'

/** What the Reader must show: the comic's title and the episode's pages in reading order. */
export interface ExpectedEpisode {
  comicTitle: string
  pages: readonly { url: string; width: number }[]
}

/** A server started by a command, answered once `url` answers 200; stopped by its own id if it never does. */
export async function startServer(command: string, args: readonly string[], options: { cwd: string; url: string; env?: NodeJS.ProcessEnv }) {
  const server = startProcess(command, args, { cwd: options.cwd, env: { ...process.env, NO_COLOR: '1', ...options.env } })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`${args.join(' ')} stopped:\n${server.output()}`)
    try {
      if ((await fetch(options.url, { signal: AbortSignal.timeout(5_000) })).ok) return server
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await server.stop()
      throw new Error(`${args.join(' ')} did not answer on ${options.url} within 60 s:\n${server.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** `vite preview` of the built app on 127.0.0.1, answered once it serves index.html. */
async function startPreview(appDir: string): Promise<{ preview: RunningProcess; url: string }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const preview = await startServer(
    process.execPath,
    [await binaryOf(appDir, 'vite', 'vite'), 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: appDir, url },
  )
  return { preview, url }
}

/** A Chromium page that records uncaught errors and console errors (React's hydration warnings are console errors). */
export async function watchedPage(browser: Browser): Promise<{ page: Page; pageErrors: string[]; consoleErrors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  page.setDefaultTimeout(20_000)
  const pageErrors: string[] = []
  const consoleErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  return { page, pageErrors, consoleErrors }
}

/**
 * The open page must show the Reader with the comic's title and every page of the episode, in order,
 * each image loaded at its width, and no loading, locked or error status. Playwright's CSS locators
 * pierce open shadow roots; the functions run in the page look inside `shadowHost`'s when it is given.
 */
export async function expectEpisodeRead(
  page: Page,
  expected: ExpectedEpisode,
  options: { shadowHost?: string; consoleErrors: readonly string[] },
): Promise<void> {
  const title = page.locator('h1.comics-reader__comic-title')
  await title.waitFor()
  assert.equal(await title.textContent(), expected.comicTitle, 'the Reader must show the comic title')

  const host = options.shadowHost ?? null
  const images = page.locator('img.comics-reader__image')
  // The pages, or the Reader's locked or failed status (a refused token, an API error) at once.
  await page.waitForFunction(
    ([count, hostSelector]) => {
      const root: ParentNode = (hostSelector ? document.querySelector(hostSelector)?.shadowRoot : document) ?? document
      return root.querySelectorAll('img.comics-reader__image').length === count || root.querySelector('.comics-reader__status[data-state]') !== null
    },
    [expected.pages.length, host] as const,
  )
  const status = await page.evaluate((hostSelector) => {
    const root: ParentNode = (hostSelector ? document.querySelector(hostSelector)?.shadowRoot : document) ?? document
    return root.querySelector('.comics-reader__status[data-state]')?.getAttribute('data-state') ?? null
  }, host)
  assert.equal(status, null, `the Reader shows its ${status} status instead of the pages (console errors: ${options.consoleErrors.join(' | ') || 'none'})`)
  const sources = await images.evaluateAll((elements) => elements.map((element) => element.getAttribute('src')))
  // Page urls are long data: urls; a mismatch names the first differing page rather than printing them all.
  const differing = expected.pages.findIndex((page, index) => sources[index] !== page.url)
  assert.ok(
    sources.length === expected.pages.length && differing === -1,
    `the Reader must show the episode's ${expected.pages.length} pages in order; it shows ${sources.length}, page ${differing + 1} differs`,
  )

  // Pages past the first load lazily: bring each into view and wait for its image.
  for (let index = 0; index < expected.pages.length; index++) {
    const image = images.nth(index)
    await image.scrollIntoViewIfNeeded()
    const element = await image.elementHandle()
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, element)
  }
  const widths = await images.evaluateAll((elements) => elements.map((element) => (element as HTMLImageElement).naturalWidth))
  assert.deepEqual(widths, expected.pages.map((page) => page.width), 'every page image must load at its width')
  assert.equal(await page.locator('.comics-reader__status').count(), 0, 'the Reader must show no loading, locked or error status')
}

/**
 * Serves the built Vite app and opens it in Chromium: the Reader reads the episode (see
 * {@link expectEpisodeRead}) with no uncaught page error and no console error (MSW reports an unhandled
 * request as one). Stops the browser and the server by their own ids.
 */
export async function checkReaderInChromium(appDir: string, expected: ExpectedEpisode): Promise<void> {
  const { preview, url } = await startPreview(appDir)
  let browser: Browser | undefined
  try {
    browser = await launchChromium()
    const { page, pageErrors, consoleErrors } = await watchedPage(browser)
    await page.goto(url)
    await expectEpisodeRead(page, expected, { consoleErrors })
    assert.deepEqual(pageErrors, [], 'no uncaught page error')
    assert.deepEqual(consoleErrors, [], 'no console error')
  } finally {
    await browser?.close()
    await preview.stop()
  }
}
