import { describe, expect, test } from 'vitest'
import type { CDPSession, Page } from 'playwright'
import { appRunning, chromiumPerFile, DESKTOP } from '@comics/test-stack/browser'
import { screenshotLayout } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor } from '@comics/test-stack/visitor'
import { firstPageLoaded, pageInView, scrollToPage } from '@comics/test-stack/readerStrip'

const stack = e2eStack()
const comic = stack.catalogue.mirrorComic
const episodeUrl = (index: number) => `${stack.mirrorOrigin}/comic/${comic.id}/${comic.chapterIds[index]}`
const chromium = chromiumPerFile()

/** Every layout shift of the visit so far, after an input or not (buffered: from the document's start). */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(total), 500)
      }),
  )

/** The strip's zoom as the page shows it: the content's transform, the strip's scroll and its mark. */
const zoomState = (page: Page) =>
  page.evaluate(() => {
    const strip = document.querySelector<HTMLElement>('.comics-reader__main')!
    const content = strip.querySelector<HTMLElement>('.comics-reader__content')!
    return {
      transform: content.style.transform,
      zoomed: strip.hasAttribute('data-zoomed'),
      scrollLeft: strip.scrollLeft,
      // The browser's own zoom of the page, which the reader's must not set off.
      pageScale: window.visualViewport?.scale ?? 1,
    }
  })

/** Which page image is at a point of the window, and where in it (0 to 1 across and down). */
const imagePointAt = (page: Page, x: number, y: number) =>
  page.evaluate(
    ([x, y]) => {
      const image = document.elementsFromPoint(x, y).find((element): element is HTMLImageElement => element instanceof HTMLImageElement)
      if (!image) return null
      const box = image.getBoundingClientRect()
      return { alt: image.alt, across: (x - box.left) / box.width, down: (y - box.top) / box.height }
    },
    [x, y] as const,
  )

/** Where a point of a page image (as `imagePointAt` gave it) is in the window now. */
const whereIs = (page: Page, point: { alt: string; across: number; down: number }) =>
  page.evaluate((point) => {
    const image = [...document.querySelectorAll<HTMLImageElement>('.comics-reader__image')].find((candidate) => candidate.alt === point.alt)!
    const box = image.getBoundingClientRect()
    return { x: box.left + point.across * box.width, y: box.top + point.down * box.height }
  }, point)

/** Counts the header and footer's changes of state (`data-chrome` on the reader) from now on. */
const watchChrome = (page: Page) =>
  page.evaluate(() => {
    const reader = document.querySelector<HTMLElement>('.comics-reader')!
    const changes: string[] = []
    new MutationObserver(() => changes.push(reader.dataset.chrome ?? '')).observe(reader, { attributes: true, attributeFilter: ['data-chrome'] })
    ;(window as Window & { chromeChanges?: string[] }).chromeChanges = changes
  })
const chromeChanges = (page: Page) => page.evaluate(() => (window as Window & { chromeChanges?: string[] }).chromeChanges ?? [])

/** Two fingers, by the browser's own touch input: from `from` px apart to `to` px apart, across, about a centre. */
async function pinch(cdp: CDPSession, centre: { x: number; y: number }, from: number, to: number) {
  const fingers = (apart: number) => [
    { x: centre.x - apart / 2, y: centre.y, id: 0 },
    { x: centre.x + apart / 2, y: centre.y, id: 1 },
  ]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) })
  const steps = 12
  for (let step = 1; step <= steps; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(from + ((to - from) * step) / steps) })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

/**
 * One finger from `from` to `to`, as a reader's swipe; settles once the strip's scroll has ended, fling
 * included (a fling going on would move the strip under the next gesture, and a tap would only stop it).
 */
async function swipe(page: Page, cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }) {
  const ended = page
    .locator('.comics-reader__main')
    .evaluate((strip: HTMLElement) => new Promise<void>((resolve) => strip.addEventListener('scrollend', () => resolve(), { once: true })))
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...from, id: 0 }] })
  const steps = 10
  for (let step = 1; step <= steps; step += 1) {
    const at = { x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ ...at, id: 0 }] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await ended
}

const stripScrollTop = (page: Page) => page.locator('.comics-reader__main').evaluate((strip: HTMLElement) => strip.scrollTop)

describe('zoom in the reader', () => {
  test('on a touch screen: a pinch keeps the page under the fingers; a double tap zooms back and leaves the header alone; no layout shift', async () => {
    const visit = await chromium.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(episodeUrl(0))
    await appRunning(page)
    await expect.poll(() => firstPageLoaded(page)).toBe(true)

    const cdp = await visit.context.newCDPSession(page)
    // Unzoomed, a finger scrolls the strip down (touch-action lets the browser pan it vertically).
    const before = await stripScrollTop(page)
    await swipe(page, cdp, { x: 187, y: 600 }, { x: 187, y: 300 })
    await expect.poll(() => stripScrollTop(page)).toBeGreaterThan(before + 100)

    await scrollToPage(page, 1, 0.5)
    await expect.poll(() => pageInView(page)).toMatchObject({ page: 1 })
    // Off the middle, so that a zoom about the middle (or the corner) would move the point.
    const centre = { x: 120, y: 300 }
    const under = (await imagePointAt(page, centre.x, centre.y))!
    expect(under).not.toBeNull()

    await pinch(cdp, centre, 80, 200)
    await expect.poll(() => zoomState(page)).toMatchObject({ transform: 'scale(2.5)', zoomed: true, pageScale: 1 })
    const after = await whereIs(page, under)
    expect(Math.abs(after.x - centre.x)).toBeLessThanOrEqual(3)
    expect(Math.abs(after.y - centre.y)).toBeLessThanOrEqual(3)
    expect((await imagePointAt(page, centre.x, centre.y))!.alt).toBe(under.alt)
    await screenshotLayout(page, 'reader-zoom-pinched-390')

    // Zoomed in, a finger pans across too.
    const left = (await zoomState(page)).scrollLeft
    await swipe(page, cdp, { x: 300, y: 400 }, { x: 100, y: 400 })
    await expect.poll(async () => (await zoomState(page)).scrollLeft).toBeGreaterThan(left + 100)

    // A double tap goes back to 100 %, and neither the double tap nor anything else toggles the header
    // and footer; a single tap then does, once.
    await watchChrome(page)
    await page.touchscreen.tap(200, 400)
    await page.touchscreen.tap(200, 400)
    await expect.poll(() => zoomState(page)).toMatchObject({ transform: '', zoomed: false, scrollLeft: 0, pageScale: 1 })
    const chromeBefore = await page.locator('.comics-reader').getAttribute('data-chrome')
    await page.touchscreen.tap(200, 400)
    await expect.poll(() => page.locator('.comics-reader').getAttribute('data-chrome')).not.toBe(chromeBefore)
    expect(await chromeChanges(page)).toHaveLength(1)

    // A double tap on the unzoomed strip zooms to 200 % about the tap.
    const tapped = (await imagePointAt(page, 200, 400))!
    await page.touchscreen.tap(200, 400)
    await page.touchscreen.tap(200, 400)
    await expect.poll(() => zoomState(page)).toMatchObject({ transform: 'scale(2)', zoomed: true })
    const tappedAfter = await whereIs(page, tapped)
    expect(Math.abs(tappedAfter.x - 200)).toBeLessThanOrEqual(3)
    expect(Math.abs(tappedAfter.y - 400)).toBeLessThanOrEqual(3)
    // With the header shown, the zoom control is under it.
    await expect.poll(() => page.locator('.comics-reader').getAttribute('data-chrome')).toBe('visible')
    expect(await page.getByRole('button', { name: 'Reset zoom, now 200%' }).isVisible()).toBe(true)
    await screenshotLayout(page, 'reader-zoom-double-tap-390')

    expect(await layoutShifts(page)).toBe(0)
  })

  test('on a desktop: Ctrl + and − zoom about the middle and keep the page in view, the browser does not zoom; Ctrl + wheel zooms about the pointer; the next episode opens at 100 %', async () => {
    const visit = await chromium.open({ viewport: DESKTOP })
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(episodeUrl(0))
    await appRunning(page)
    await expect.poll(() => firstPageLoaded(page)).toBe(true)
    // Whether the zoom keys reached the browser: a listener after the reader's sees whether it was prevented.
    await page.evaluate(() => {
      const seen: boolean[] = []
      window.addEventListener('keydown', (event) => {
        if (event.ctrlKey && event.key !== 'Control') seen.push(event.defaultPrevented)
      })
      ;(window as Window & { zoomKeysPrevented?: boolean[] }).zoomKeysPrevented = seen
    })
    await scrollToPage(page, 2, 0.4)
    await expect.poll(() => pageInView(page)).toMatchObject({ page: 2 })
    const inView = (await pageInView(page))!
    const level = page.getByRole('button', { name: /^Reset zoom/ })
    expect(await level.textContent()).toBe('100%')

    await page.locator('.comics-reader__main').focus()
    await page.keyboard.press('Control+Equal')
    await expect.poll(() => level.textContent()).toBe('125%')
    await page.keyboard.press('Control+Equal')
    await expect.poll(() => level.textContent()).toBe('150%')
    expect(await zoomState(page)).toMatchObject({ transform: 'scale(1.5)', zoomed: true, pageScale: 1 })
    const zoomedInView = (await pageInView(page))!
    expect(zoomedInView.page).toBe(inView.page)
    expect(Math.abs(zoomedInView.fraction - inView.fraction)).toBeLessThan(0.02)
    await page.keyboard.press('Control+Minus')
    await expect.poll(() => level.textContent()).toBe('125%')
    await page.keyboard.press('Control+0')
    await expect.poll(() => level.textContent()).toBe('100%')
    expect(await page.evaluate(() => (window as Window & { zoomKeysPrevented?: boolean[] }).zoomKeysPrevented)).toEqual([true, true, true, true])
    expect(await page.evaluate(() => window.devicePixelRatio)).toBe(1)
    const backInView = (await pageInView(page))!
    expect(backInView.page).toBe(inView.page)
    expect(Math.abs(backInView.fraction - inView.fraction)).toBeLessThan(0.02)

    // The header's control (by keyboard: mid-episode the header is hidden until focus reaches it).
    const zoomIn = page.getByRole('button', { name: 'Zoom in' })
    await zoomIn.focus()
    await zoomIn.press('Enter')
    await expect.poll(() => level.textContent()).toBe('125%')
    await screenshotLayout(page, 'reader-zoom-125-1280')

    // Ctrl + wheel (a trackpad's pinch): about the pointer.
    const pointer = { x: 500, y: 300 }
    const under = (await imagePointAt(page, pointer.x, pointer.y))!
    await page.mouse.move(pointer.x, pointer.y)
    await page.keyboard.down('Control')
    await page.mouse.wheel(0, -40)
    await page.keyboard.up('Control')
    await expect.poll(async () => (await zoomState(page)).transform).not.toBe('scale(1.25)')
    const after = await whereIs(page, under)
    expect(Math.abs(after.x - pointer.x)).toBeLessThanOrEqual(3)
    expect(Math.abs(after.y - pointer.y)).toBeLessThanOrEqual(3)
    expect((await zoomState(page)).pageScale).toBe(1)

    expect(await layoutShifts(page)).toBe(0)

    // The next episode opens unzoomed, at its top.
    await page.keyboard.press(']')
    await page.waitForURL(episodeUrl(1))
    await expect.poll(() => level.textContent()).toBe('100%')
    expect(await zoomState(page)).toMatchObject({ transform: '', zoomed: false, scrollLeft: 0 })
  })
})
