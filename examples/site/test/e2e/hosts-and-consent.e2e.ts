import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { appRunning, chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { screenshotBothSizes } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor } from '@comics/test-stack/visitor'

const stack = e2eStack()
const chromium = chromiumPerFile()
let visit: WatchedPage

const ageGate = (page: Page) => page.getByRole('dialog', { name: 'Are you over the age of 18?' })
const cookieBanner = (page: Page) => page.getByRole('region', { name: 'We use cookies' })
/** Events the built site's console sink printed (consent changes are printed as '[analytics] consent'). */
const sentEvents = (lines: readonly string[]) => lines.filter((line) => /^\[analytics\] (?!consent)/.test(line))

describe('the adult host', () => {
  test('shows the age gate until Yes, which is remembered', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context, { ageVerified: false })
    const { page } = visit
    await page.goto(`${stack.adultOrigin}/categories`)
    await expect.poll(() => ageGate(page).isVisible()).toBe(true)
    await expect.poll(() => ageGate(page).getByText('You need to confirm that you are over the age of 18 to read adult content.').isVisible()).toBe(true)
    await screenshotBothSizes(page, 'age-gate')
    // It cannot be closed any other way, once the app runs the page either.
    await appRunning(page)
    await page.keyboard.press('Escape')
    await page.waitForTimeout(300)
    expect(await ageGate(page).isVisible()).toBe(true)

    await ageGate(page).getByRole('button', { name: 'Yes' }).click()
    await expect.poll(() => ageGate(page).isVisible()).toBe(false)
    await page.reload()
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'ALL' }).isVisible()).toBe(true)
    expect(await ageGate(page).isVisible()).toBe(false)
    expect(await page.evaluate(() => window.localStorage.getItem('isUserPassAgeVerification'))).toBe('true')
    await page.goto(`${stack.adultOrigin}/`)
    await expect.poll(() => page.getByRole('region', { name: 'Featured comics' }).getByRole('link', { name: 'Read now' }).count()).toBe(3)
    await screenshotBothSizes(page, 'home-adult')
  })

  test('sends No to the mirror host', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context, { ageVerified: false })
    const { page } = visit
    await page.goto(`${stack.adultOrigin}/`)
    await appRunning(page)
    await ageGate(page).getByRole('button', { name: 'No' }).click()
    await page.waitForURL(`${stack.mirrorOrigin}/`)
    expect(await ageGate(page).isVisible()).toBe(false)
  })
})

describe('any other host', () => {
  test('is redirected to the same path and query on the adult host', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(`http://other.localhost:${stack.sitePort}/categories?genre=1`)
    await page.waitForURL(`${stack.adultOrigin}/categories?genre=1`)
  })
})

describe('cookie consent', () => {
  test("a first visit that lands in the reader: at 390 and 1280 px the banner covers none of the reader's controls, which answer while it waits; it says what the cookies are for and links the privacy policy", async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context, { consent: null })
    const { page } = visit
    // Every layout shift of the page, from its first paint: the banner's room must move nothing.
    await visit.context.addInitScript(() => {
      const shifts: number[] = ((window as Window & { layoutShifts?: number[] }).layoutShifts = [])
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value))).observe({ type: 'layout-shift', buffered: true })
    })
    const { id, chapterIds } = stack.catalogue.mirrorComic
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${stack.mirrorOrigin}/comic/${id}/${chapterIds[1]}`)
    await expect.poll(() => cookieBanner(page).isVisible(), { timeout: 5_000, interval: 100 }).toBe(true)
    expect(await cookieBanner(page).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy')
    expect(await cookieBanner(page).textContent()).toContain('Analytics cookies tell us which comics and pages are read')

    // The element at the centre of each control of the reader's bars is the control itself (or inside it).
    const covered = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.comics-reader__header :is(a, button), .comics-reader__footer :is(a, button)')]
          .filter((control) => {
            const box = control.getBoundingClientRect()
            if (box.width === 0 || box.height === 0) return false
            const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
            return !top || !control.contains(top)
          })
          .map((control) => control.textContent?.trim() || control.getAttribute('aria-label')),
      )
    const footer = page.locator('.comics-reader__footer')
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await expect.poll(() => footer.getByRole('button', { name: 'Next' }).or(footer.getByRole('link', { name: 'Next' })).isVisible()).toBe(true)
      await expect.poll(covered, { message: `covered at ${width} px` }).toEqual([])
      expect(await footer.getByRole('button', { name: 'List Episodes' }).isVisible()).toBe(true)
      // At the size it opened at, the footer rose above the banner without a layout shift.
      if (width === 390) expect(await page.evaluate(() => (window as Window & { layoutShifts?: number[] }).layoutShifts)).toEqual([])
    }
    await screenshotBothSizes(page, 'cookie-banner-reader')

    // A control answers a click while the banner still waits for a choice.
    await footer.getByRole('button', { name: 'List Episodes' }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'List Episodes' }).isVisible()).toBe(true)
    expect(await cookieBanner(page).isVisible()).toBe(true)
  })

  test('the banner shows on a first visit of a comic page; Accept lets analytics events through', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context, { consent: null })
    const { page, consoleLines } = visit
    await page.goto(`${stack.mirrorOrigin}/comic/${stack.catalogue.mirrorComic.id}`)
    await expect.poll(() => page.getByRole('heading', { name: /\d+ Episodes/ }).isVisible()).toBe(true)
    const openedAt = Date.now()
    await expect.poll(() => cookieBanner(page).isVisible(), { timeout: 5_000, interval: 100 }).toBe(true)
    // With the page (a server-rendered page's first paint), or a second after the app starts at the latest.
    expect(Date.now() - openedAt).toBeLessThan(5_000)
    expect(sentEvents(consoleLines)).toEqual([])
    await screenshotBothSizes(page, 'cookie-banner')

    await cookieBanner(page).getByRole('button', { name: 'Accept' }).click()
    await expect.poll(() => cookieBanner(page).isVisible()).toBe(false)
    await page.getByRole('link', { name: 'Start Reading' }).or(page.getByRole('button', { name: 'Start Reading' })).click()
    await expect.poll(() => sentEvents(consoleLines).some((line) => line.includes('comic_reading_clicked'))).toBe(true)
    // The framework's navigation opens the reader once it has loaded what the reader needs: the reload is the reader's.
    const { mirrorComic } = stack.catalogue
    await page.waitForURL(`${stack.mirrorOrigin}/comic/${mirrorComic.id}/${mirrorComic.chapterIds[0]}`)
    await page.reload()
    await expect.poll(() => sentEvents(consoleLines).some((line) => line.includes('episode_view'))).toBe(true)
    expect(await cookieBanner(page).isVisible()).toBe(false)
  })

  test("the banner is in a server-rendered page's first paint, never painted for a visitor who chose; Reject sends nothing", async () => {
    // A visitor who chose: the server's markup has the banner (it cannot see the choice), and the head
    // marks the root before the body is read, so the stylesheet never lets it paint.
    const returning = await chromium.open()
    await prepareVisitor(returning.context, { consent: 'accepted' })
    await returning.context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.comics-cookie-banner')) return
        ;(window as Window & { markedBeforeBanner?: boolean }).markedBeforeBanner = document.documentElement.hasAttribute('data-comics-cookie-choice')
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    const served = await returning.page.goto(`${stack.mirrorOrigin}/privacy-policy`)
    expect(await served!.text()).toContain('class="comics-cookie-banner"')
    expect(await returning.page.evaluate(() => (window as Window & { markedBeforeBanner?: boolean }).markedBeforeBanner)).toBe(true)
    await expect.poll(() => returning.page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true)
    expect(await cookieBanner(returning.page).isVisible()).toBe(false)

    // A first visit: the banner is in the page as served, shown with it, before the app has run.
    visit = await chromium.open()
    await prepareVisitor(visit.context, { consent: null })
    const { page, consoleLines } = visit
    const firstVisit = await page.goto(`${stack.mirrorOrigin}/privacy-policy`, { waitUntil: 'commit' })
    expect(await firstVisit!.text()).toContain('class="comics-cookie-banner"')
    await expect.poll(() => cookieBanner(page).isVisible(), { timeout: 5_000, interval: 100 }).toBe(true)
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-comics-cookie-choice'))).toBe(false)

    await cookieBanner(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => cookieBanner(page).isVisible()).toBe(false)
    await page.goto(`${stack.mirrorOrigin}/comic/${stack.catalogue.mirrorComic.id}`)
    await appRunning(page)
    await page.getByRole('link', { name: 'Start Reading' }).or(page.getByRole('button', { name: 'Start Reading' })).click()
    await expect.poll(() => page.getByRole('img', { name: /^Page 1 of \d+$/ }).isVisible()).toBe(true)
    await page.waitForTimeout(500)
    expect(sentEvents(consoleLines)).toEqual([])
    expect(await page.evaluate(() => window.localStorage.getItem('google-analytics-consent'))).toContain('rejected')
  })
})
