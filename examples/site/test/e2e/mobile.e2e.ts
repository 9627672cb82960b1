import { describe, expect, test } from 'vitest'
import { appRunning, chromiumPerFile, MOBILE, type WatchedPage } from '@comics/test-stack/browser'
import { screenshotBothSizes } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor } from '@comics/test-stack/visitor'

const stack = e2eStack()
const comic = stack.catalogue.mirrorComic
const chromium = chromiumPerFile()
let visit: WatchedPage

describe('at 375 px', () => {
  test('the top bar collapses into a menu with a close control', async () => {
    visit = await chromium.open({ viewport: MOBILE, isMobile: true, hasTouch: true })
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(`${stack.mirrorOrigin}/`)
    const banner = page.getByRole('banner')
    const menuButton = banner.getByRole('button', { name: 'Open menu' })
    await expect.poll(() => menuButton.isVisible()).toBe(true)
    expect(await banner.getByRole('link', { name: 'Categories' }).isVisible()).toBe(false)

    // The server-rendered page's buttons answer once the app runs it.
    await appRunning(page)
    await menuButton.click()
    await expect.poll(() => banner.getByRole('link', { name: 'Categories' }).isVisible()).toBe(true)
    const close = banner.getByRole('button', { name: 'Close menu' })
    expect(await close.isVisible()).toBe(true)
    await screenshotBothSizes(page, 'mobile-menu-open')
    await close.click()
    await expect.poll(() => banner.getByRole('link', { name: 'Categories' }).isVisible()).toBe(false)

    await menuButton.click()
    await banner.getByRole('link', { name: 'Categories' }).click()
    await page.waitForURL(`${stack.mirrorOrigin}/categories`)
    await expect.poll(() => banner.getByRole('link', { name: 'Categories' }).isVisible()).toBe(false)
  })

  test('the reader shows the pages and moves between episodes', async () => {
    visit = await chromium.open({ viewport: MOBILE, isMobile: true, hasTouch: true })
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    await page.locator('.comics-episode-row').first().getByRole('link', { name: 'Open' }).tap()
    await page.waitForURL(`${stack.mirrorOrigin}/comic/${comic.id}/${comic.chapterIds[0]}`)
    // A link opens the episode before the app runs (as a document of its own), the reader's buttons only
    // once it does: on a loaded machine the tap can come first.
    await appRunning(page)
    const firstPage = page.getByRole('img', { name: /^Page 1 of \d+$/ })
    await expect.poll(() => firstPage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    const width = await firstPage.evaluate((image) => image.getBoundingClientRect().width)
    expect(width).toBeLessThanOrEqual(MOBILE.width)
    expect(width).toBeGreaterThan(MOBILE.width * 0.8)

    await page.getByRole('button', { name: 'Next', exact: true }).tap()
    await page.waitForURL(`${stack.mirrorOrigin}/comic/${comic.id}/${comic.chapterIds[1]}`)
    await expect.poll(() => page.getByRole('img', { name: /^Page 1 of \d+$/ }).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'List Episodes' }).tap()
    await expect.poll(() => page.getByRole('dialog', { name: 'List Episodes' }).isVisible()).toBe(true)
  })
})
