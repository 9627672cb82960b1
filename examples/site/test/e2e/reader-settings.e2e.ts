import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { appRunning, chromiumPerFile, holdEntryScript } from '@comics/test-stack/browser'
import { e2eStack } from '@comics/test-stack/stack'
import { openSignIn, prepareVisitor, signUpByEmail, submitAuthModal, PASSWORD, uniqueEmail } from '@comics/test-stack/visitor'
import { firstPageLoaded, pageInView, scrollToPage } from '@comics/test-stack/readerStrip'

const stack = e2eStack()
const comic = stack.catalogue.mirrorComic
const readerUrl = `${stack.mirrorOrigin}/comic/${comic.id}/${comic.chapterIds[0]}`
const chromium = chromiumPerFile()

/** The page's cumulative layout shift so far (shifts right after an input do not count). */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value
          }
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(total), 500)
      }),
  )

/** The settings panel, opened from the header's button by keyboard (the header may be hidden mid-episode). */
async function openSettings(page: Page) {
  const button = page.getByRole('button', { name: 'Reader settings' })
  await button.focus()
  await button.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Reader settings' })
  await expect.poll(() => dialog.isVisible()).toBe(true)
  return dialog
}

const readerState = (page: Page) =>
  page.locator('.comics-reader').evaluate((reader: HTMLElement) => ({
    pageWidth: reader.dataset.pageWidth,
    background: reader.dataset.background,
    gap: reader.style.getPropertyValue('--comics-reader-page-gap'),
  }))

describe('reader settings', () => {
  test('change the page width and the gap mid-episode: the page in view stays in view; a reload keeps the settings', async () => {
    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(readerUrl)
    await expect.poll(() => firstPageLoaded(page)).toBe(true)
    expect(await readerState(page)).toEqual({ pageWidth: 'column', background: 'dark', gap: '0px' })
    const column = await page.locator('[data-page-index="0"]').evaluate((item: HTMLElement) => item.offsetWidth)

    await scrollToPage(page, 2, 0.3)
    await expect.poll(() => pageInView(page)).toMatchObject({ page: 2 })
    const before = (await pageInView(page))!

    const dialog = await openSettings(page)
    await dialog.getByRole('radio', { name: 'Fit the screen' }).check()
    await expect.poll(() => readerState(page)).toMatchObject({ pageWidth: 'fit' })
    // The pages are wider (and so taller); the same page is in view, at the same place.
    expect(await page.locator('[data-page-index="0"]').evaluate((item: HTMLElement) => item.offsetWidth)).toBeGreaterThan(column)
    const afterWidth = (await pageInView(page))!
    expect(afterWidth.page).toBe(before.page)
    expect(Math.abs(afterWidth.fraction - before.fraction)).toBeLessThan(0.02)

    await dialog.getByRole('radio', { name: 'Large' }).check()
    await expect.poll(() => readerState(page)).toMatchObject({ gap: '48px' })
    const afterGap = (await pageInView(page))!
    expect(afterGap.page).toBe(before.page)
    expect(Math.abs(afterGap.fraction - before.fraction)).toBeLessThan(0.02)

    await dialog.getByRole('radio', { name: 'Light' }).check()
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect((await pageInView(page))!.page).toBe(before.page)

    // Reloaded with the entry script held back, so that the document paints before the app runs, as on a
    // slow network: the server's render (made with the default settings) must not show and then move.
    const release = await holdEntryScript(visit.context)
    // Module scripts hold DOMContentLoaded: the page is looked at as it arrives.
    await page.reload({ waitUntil: 'commit' })
    await expect.poll(() => page.locator('#root').count()).toBe(1)
    // The page's cookie says the settings are the reader's own: the server renders no reader (its render
    // would be the defaults' layout), so nothing paints before the app renders the reader with them.
    expect(await page.locator('#root[data-server-rendered]').count()).toBe(0)
    expect(await page.locator('#root').innerHTML()).toBe('')
    await page.waitForTimeout(500)
    release()
    await appRunning(page)
    await expect.poll(() => firstPageLoaded(page)).toBe(true)
    expect(await readerState(page)).toEqual({ pageWidth: 'fit', background: 'light', gap: '48px' })
    expect(await layoutShifts(page)).toBe(0)
    const again = await openSettings(page)
    expect(await again.getByRole('radio', { name: 'Fit the screen' }).isChecked()).toBe(true)
    expect(await again.getByRole('radio', { name: 'Large' }).isChecked()).toBe(true)

    // '?' lists the shortcuts; Escape closes the list.
    await page.keyboard.press('Escape')
    await expect.poll(() => again.isVisible()).toBe(false)
    await page.locator('.comics-reader__main').focus()
    await page.keyboard.press('?')
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect.poll(() => shortcuts.isVisible()).toBe(true)
    expect(await shortcuts.getByText('Next episode').isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => shortcuts.isVisible()).toBe(false)
  })

  test('a signed-in reader finds their settings in another browser after signing in', async () => {
    const email = uniqueEmail('settings')
    const first = await chromium.open()
    await prepareVisitor(first.context)
    await first.page.goto(stack.mirrorOrigin)
    await signUpByEmail(first.page, email)
    await first.page.goto(readerUrl)
    await expect.poll(() => firstPageLoaded(first.page)).toBe(true)
    const dialog = await openSettings(first.page)
    await dialog.getByRole('radio', { name: 'Small' }).check()
    await dialog.getByRole('radio', { name: 'Light' }).check()
    // Kept by the account: the local copy is marked saved once the API answered.
    await expect
      .poll(() => first.page.evaluate(() => JSON.parse(window.localStorage.getItem('comicsReaderSettings') ?? 'null')))
      .toMatchObject({ pageGap: 'small', background: 'light', unsaved: false })

    const second = await chromium.open()
    await prepareVisitor(second.context)
    await second.page.goto(stack.mirrorOrigin)
    await openSignIn(second.page)
    await submitAuthModal(second.page, email, PASSWORD, 'sign-in')
    await second.page.goto(readerUrl)
    await expect.poll(() => firstPageLoaded(second.page)).toBe(true)
    await expect.poll(() => readerState(second.page)).toEqual({ pageWidth: 'column', background: 'light', gap: '8px' })
  })
})
