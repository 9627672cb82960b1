import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { appRunning, chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { routeGoogleAnalytics, type GoogleRequest } from '@comics/test-stack/googleAnalytics'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor } from '@comics/test-stack/visitor'

// spec §1: "Analytics events are sent only after the user accepts cookies". The site is built with a
// Google Analytics id (stack/globalSetup.ts); every request to Google's hosts is routed and counted here.
const stack = e2eStack()
const chromium = chromiumPerFile()
let visit: WatchedPage

const cookieBanner = (page: Page) => page.getByRole('region', { name: 'We use cookies' })
/** 'Start Reading', or "Continue reading '…'" once an episode was opened. */
const startReading = (page: Page) => {
  const name = /^(Start Reading|Continue reading)/
  return page.getByRole('link', { name }).or(page.getByRole('button', { name })).first()
}
const described = (requests: readonly GoogleRequest[]) => requests.map(({ kind, event, url }) => `${kind} ${event ?? url.pathname}`)

/** Opens the mirror comic's page as a visitor with no stored answer and waits for the banner. */
async function openComicUnanswered(): Promise<{ page: Page; google: GoogleRequest[] }> {
  visit = await chromium.open()
  await prepareVisitor(visit.context, { consent: null })
  const google = await routeGoogleAnalytics(visit.context)
  const { page } = visit
  await page.goto(`${stack.mirrorOrigin}/comic/${stack.catalogue.mirrorComic.id}`)
  await expect.poll(() => page.getByRole('heading', { name: /\d+ Episodes?/ }).isVisible()).toBe(true)
  await expect.poll(() => cookieBanner(page).isVisible(), { timeout: 5_000, interval: 100 }).toBe(true)
  return { page, google }
}

/** Starts reading the comic from its page and waits for the first page image. */
async function readFirstEpisode(page: Page) {
  // A server-rendered page's buttons answer once the app runs it.
  await appRunning(page)
  await startReading(page).click()
  await expect.poll(() => page.getByRole('img', { name: /^Page 1 of \d+$/ }).isVisible()).toBe(true)
}

describe('Google Analytics and the cookie banner', () => {
  test('nothing goes to Google before an answer, nor after Reject (also after a reload)', async () => {
    const { page, google } = await openComicUnanswered()
    // Unanswered: the page view and the kit's events (comic_reading_clicked, episode_view) stay home.
    await readFirstEpisode(page)
    await page.waitForTimeout(500)
    expect(described(google)).toEqual([])
    expect(await page.evaluate(() => typeof (window as Window & { gtag?: unknown }).gtag)).toBe('undefined')

    await cookieBanner(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => cookieBanner(page).isVisible()).toBe(false)
    await page.goto(`${stack.mirrorOrigin}/comic/${stack.catalogue.mirrorComic.id}`)
    await readFirstEpisode(page)
    await page.reload()
    await expect.poll(() => page.getByRole('img', { name: /^Page 1 of \d+$/ }).isVisible()).toBe(true)
    await page.waitForTimeout(500)
    expect(described(google)).toEqual([])
    expect(await page.locator('script[src*="googletagmanager.com"]').count()).toBe(0)
  })

  test('Accept loads gtag.js, sends the page view, then the kit\'s events; a reload keeps sending', async () => {
    const { page, google } = await openComicUnanswered()
    expect(described(google)).toEqual([])

    await cookieBanner(page).getByRole('button', { name: 'Accept' }).click()
    await expect.poll(() => described(google)).toEqual(['script /gtag/js', 'hit page_view'])
    const [script, pageView] = google
    expect(script?.url.searchParams.get('id')).toBe(stack.gaId)
    expect(pageView?.url.searchParams.get('tid')).toBe(stack.gaId)

    await readFirstEpisode(page)
    await expect.poll(() => described(google)).toEqual(expect.arrayContaining(['hit comic_reading_clicked', 'hit episode_view']))
    const clicked = google.find((request) => request.event === 'comic_reading_clicked')
    expect(clicked?.url.searchParams.get('ep.comicId')).toBe(stack.catalogue.mirrorComic.id)

    // The stored Accept loads gtag.js again on the next page load.
    const before = google.length
    await page.reload()
    await expect.poll(() => described(google.slice(before))).toEqual(expect.arrayContaining(['script /gtag/js', 'hit page_view', 'hit episode_view']))
  })
})
