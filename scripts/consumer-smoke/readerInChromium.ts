import assert from 'node:assert/strict'
import type { Browser } from 'playwright'
import { freePort } from '../../examples/api/test/support/free-port'
import { launchChromium } from '../../examples/site/test/e2e/support/chromium'
import { startProcess, type RunningProcess } from './commands'
import { binaryOf } from './consumerApp'

/** What the Reader must show: the comic's title and the episode's pages in reading order. */
export interface ExpectedEpisode {
  comicTitle: string
  pages: readonly { url: string; width: number }[]
}

/** `vite preview` of the built app on 127.0.0.1, answered once it serves index.html. */
async function startPreview(appDir: string): Promise<{ preview: RunningProcess; url: string }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const preview = startProcess(
    process.execPath,
    [await binaryOf(appDir, 'vite', 'vite'), 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: appDir, env: { ...process.env, NO_COLOR: '1' } },
  )
  const deadline = Date.now() + 30_000
  for (;;) {
    if (preview.child.exitCode !== null) throw new Error(`vite preview stopped:\n${preview.output()}`)
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return { preview, url }
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await preview.stop()
      throw new Error(`vite preview did not answer on ${url} within 30 s:\n${preview.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Serves the built app and opens it in Chromium: the Reader must show the comic's title and every page
 * of the episode, in order, each image loaded at its width, with no uncaught page error and no console
 * error (MSW reports an unhandled request as one). Stops the browser and the server by their own ids.
 */
export async function checkReaderInChromium(appDir: string, expected: ExpectedEpisode): Promise<void> {
  const { preview, url } = await startPreview(appDir)
  let browser: Browser | undefined
  try {
    browser = await launchChromium()
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    page.setDefaultTimeout(20_000)
    const pageErrors: string[] = []
    const consoleErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })

    await page.goto(url)
    const title = page.locator('h1.comics-reader__comic-title')
    await title.waitFor()
    assert.equal(await title.textContent(), expected.comicTitle, 'the Reader must show the comic title')

    const images = page.locator('img.comics-reader__image')
    // The pages, or the Reader's locked or failed status (a refused token, an API error) at once.
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('img.comics-reader__image').length === count ||
        document.querySelector('.comics-reader__status[data-state]') !== null,
      expected.pages.length,
    )
    const status = await page.evaluate(() => document.querySelector('.comics-reader__status[data-state]')?.getAttribute('data-state') ?? null)
    assert.equal(status, null, `the Reader shows its ${status} status instead of the pages (console errors: ${consoleErrors.join(' | ') || 'none'})`)
    const sources = await images.evaluateAll((elements) => elements.map((element) => element.getAttribute('src')))
    // Page urls are long data: urls; a mismatch names the first differing page rather than printing them all.
    const differing = expected.pages.findIndex((page, index) => sources[index] !== page.url)
    assert.ok(
      sources.length === expected.pages.length && differing === -1,
      `the Reader must show the episode's ${expected.pages.length} pages in order; it shows ${sources.length}, page ${differing + 1} differs`,
    )

    // Pages past the first load lazily: bring each into view and wait for its image.
    for (let index = 0; index < expected.pages.length; index++) {
      await images.nth(index).scrollIntoViewIfNeeded()
      await page.waitForFunction((position) => {
        const image = document.querySelectorAll<HTMLImageElement>('img.comics-reader__image')[position]
        return Boolean(image?.complete && image.naturalWidth > 0)
      }, index)
    }
    const widths = await images.evaluateAll((elements) => elements.map((element) => (element as HTMLImageElement).naturalWidth))
    assert.deepEqual(widths, expected.pages.map((page) => page.width), 'every page image must load at its width')
    assert.equal(await page.locator('.comics-reader__status').count(), 0, 'the Reader must show no loading, locked or error status')

    assert.deepEqual(pageErrors, [], 'no uncaught page error')
    assert.deepEqual(consoleErrors, [], 'no console error')
  } finally {
    await browser?.close()
    await preview.stop()
  }
}
