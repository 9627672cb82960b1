import assert from 'node:assert/strict'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright'
import { freePort } from '@comics/test-stack/freePort'
import { launchChromium } from '@comics/test-stack/chromium'
import { binaryOf } from './consumerApp'
import { expectEpisodeRead, startServer, watchedPage, type ExpectedEpisode } from './readerInChromium'
import type { MockApi } from './servers'
import { startStaticSite } from './servers'

/** The partner's plain HTML page: only the script and the `<comics-reader>` tag (and an event log for the test). */
const PARTNER_PAGE = fileURLToPath(new URL('./html/index.html', import.meta.url))

/** The signed-in reader as the page hands it over, and the episode that follows the one read. */
export interface ReaderSession {
  user: unknown
  token: string
}

export interface NextEpisode {
  chapterId: string
  title: string
}

/** The theme the partner page sets on its <body> (html/index.html), as computed colours. */
const PARTNER_PRIMARY = 'rgb(31, 111, 82)'
/** A kit default the page does not override: the reader's background, #0d0d12. */
const KIT_READER_BACKGROUND = 'rgb(13, 13, 18)'

/**
 * A partner's plain page, served from its own origin, loads the packed @comics/embed module with a
 * `<script type="module">` and reads the episode as the level 1 reader through a token getter, against
 * the mock API on another origin. Checked in Chromium: the pages (inside the shadow root), the page's
 * theme through the shadow boundary with the kit's defaults elsewhere, the `progress` and
 * `episodechange` events, the kit's keys under `comics:` in the page's localStorage and none of the
 * session there, no page or console error.
 */
export async function checkEmbedInChromium(
  appDir: string,
  api: MockApi,
  reader: ReaderSession,
  expected: ExpectedEpisode,
  next: NextEpisode,
): Promise<void> {
  const embedModule = join(appDir, 'node_modules', '@comics', 'embed', 'dist', 'comics-reader.js')
  const site = await startStaticSite({
    '/': { file: PARTNER_PAGE, type: 'text/html', transform: (html) => html.replace('%API%', api.baseUrl).replace('%TOKEN%', reader.token) },
    '/comics-reader.js': { file: embedModule, type: 'text/javascript' },
  })
  let browser: Browser | undefined
  try {
    browser = await launchChromium()
    const { page, pageErrors, consoleErrors } = await watchedPage(browser)
    await page.goto(`${site.origin}/`)
    await expectEpisodeRead(page, expected, { shadowHost: 'comics-reader', consoleErrors })

    // No helper function inside: tsx names functions with a helper the page does not have.
    const colours = await page.evaluate(() => {
      const root = document.querySelector('comics-reader')!.shadowRoot!
      const reader = getComputedStyle(root.querySelector('.comics-reader')!)
      return {
        next: getComputedStyle(root.querySelector('.comics-reader__footer .comics-button:not([data-variant])')!).backgroundColor,
        background: reader.backgroundColor,
        font: reader.fontFamily,
      }
    })
    assert.equal(colours.next, PARTNER_PRIMARY, "the page's --comics-color-primary must reach the reader's Next button")
    assert.ok(colours.font.startsWith('Georgia'), `the page's --comics-font-family must reach the reader (got ${colours.font})`)
    assert.equal(colours.background, KIT_READER_BACKGROUND, "a property the page leaves alone keeps the kit's default")

    await page.waitForFunction(() =>
      (window as unknown as { readerEvents: { type: string; detail: { chapterId?: string } }[] }).readerEvents.some(
        (event) => event.type === 'progress' && event.detail.chapterId === '404',
      ),
    )
    const stored = await page.evaluate(() => Object.keys(localStorage).sort())
    assert.ok(stored.includes('comics:lastReadComics'), `the reading progress must be kept under comics: (found ${stored.join(', ')})`)
    assert.deepEqual(
      stored.filter((key) => !key.startsWith('comics:') || /auth/i.test(key)),
      [],
      "the embed keeps no key of its own outside comics: and never the viewer's session",
    )

    // Next moves the element to the following episode: the event, the attribute, the episode's title.
    // At the end of the strip the header and footer show again (they hide while reading).
    await page.locator('.comics-reader__main').evaluate((strip) => strip.scrollTo({ top: strip.scrollHeight }))
    await page.locator('.comics-reader__footer[data-state="visible"]').waitFor()
    await page.locator('.comics-reader__footer .comics-button:not([data-variant])').click()
    await page.waitForFunction((id) => document.querySelector('comics-reader')?.getAttribute('episode') === id, next.chapterId)
    await page.locator('p.comics-reader__episode-title', { hasText: next.title }).waitFor()
    const changes = await page.evaluate(() =>
      (window as unknown as { readerEvents: { type: string; detail: unknown }[] }).readerEvents.filter((event) => event.type === 'episodechange'),
    )
    assert.deepEqual(changes, [{ type: 'episodechange', detail: { comicId: '4', chapterId: next.chapterId, previousChapterId: '404' } }])

    const assetCalls = api.requests.filter((request) => request.path.endsWith('/comics-assets/list'))
    assert.ok(assetCalls.length > 0 && assetCalls.every((request) => request.authorized), "every page-list call carries the getter's token")
    assert.deepEqual(api.unhandled, [], 'every API call is answered by the mocks')
    assert.deepEqual(pageErrors, [], 'no uncaught page error')
    assert.deepEqual(consoleErrors, [], 'no console error')
  } finally {
    await browser?.close()
    await site.stop()
  }
}

/**
 * `next start` of the built Next.js app on 127.0.0.1 against the mock API. The comic page is a server
 * component: its HTML, fetched without a browser, already holds the comic and its episodes, and the mock
 * API saw the Next.js server ask for them. Then Chromium, as a level 1 reader (the kit's session under
 * `comics:` in localStorage, as the provider's prefixed storage keeps it), opens the comic page and the
 * reader page of the locked episode: every page loads, no hydration warning, no console or page error.
 */
export async function checkNextAppInChromium(
  nextDir: string,
  api: MockApi,
  reader: ReaderSession,
  expected: ExpectedEpisode & { episodeTitles: readonly string[] },
): Promise<void> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const before = api.requests.length
  const server = await startServer(process.execPath, [await binaryOf(nextDir, 'next', 'next'), 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: nextDir,
    url: `${origin}/comic/4`,
    env: { COMICS_API_URL: api.baseUrl, NEXT_TELEMETRY_DISABLED: '1' },
  })
  let browser: Browser | undefined
  try {
    const html = await (await fetch(`${origin}/comic/4`)).text()
    assert.ok(html.includes(`>${expected.comicTitle}</h1>`), 'the server-rendered comic page must hold the comic title')
    for (const title of expected.episodeTitles) assert.ok(html.includes(title), `the server-rendered episode list must hold '${title}'`)
    const serverCalls = api.requests.slice(before).filter((request) => !/Chrome/.test(request.userAgent))
    assert.ok(
      serverCalls.some((request) => request.path.endsWith('/comics/list')) && serverCalls.some((request) => request.path.endsWith('/chapters/list')),
      `the Next.js server must fetch the comic and its episodes (calls: ${serverCalls.map((call) => call.path).join(', ')})`,
    )

    browser = await launchChromium()
    const { page, pageErrors, consoleErrors } = await watchedPage(browser)
    await page.addInitScript(
      ({ user, token }) => {
        localStorage.setItem('comics:authUser', JSON.stringify(user))
        localStorage.setItem('comics:authToken', JSON.stringify(token))
      },
      { user: reader.user, token: reader.token },
    )
    await page.goto(`${origin}/comic/4`)
    await page.locator('ol.episodes li').first().waitFor()
    assert.equal(await page.locator('ol.episodes li').count(), expected.episodeTitles.length, 'the comic page lists every episode')

    // A full load of the reader page: rendered on the server, hydrated, then the pages as the level 1 reader.
    await page.goto(`${origin}/comic/4/404`)
    await expectEpisodeRead(page, expected, { consoleErrors })
    const browserAssetCalls = api.requests.slice(before).filter((request) => request.path.endsWith('/comics-assets/list'))
    assert.ok(browserAssetCalls.length > 0 && browserAssetCalls.every((request) => request.authorized), "the reader's page-list calls carry the token")
    assert.deepEqual(api.unhandled, [], 'every API call is answered by the mocks')
    assert.deepEqual(pageErrors, [], 'no uncaught page error')
    assert.deepEqual(consoleErrors, [], 'no console error (React reports hydration mismatches as console errors)')
  } finally {
    await browser?.close()
    await server.stop()
  }
}
