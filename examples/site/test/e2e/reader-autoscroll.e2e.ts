import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { appRunning, chromiumPerFile, DESKTOP } from '@comics/test-stack/browser'
import { e2eStack } from '@comics/test-stack/stack'
import { screenshotPhoneAndDesktop } from '@comics/test-stack/screenshots'
import { prepareVisitor } from '@comics/test-stack/visitor'
import { firstPageLoaded } from '@comics/test-stack/readerStrip'

const stack = e2eStack()
const comic = stack.catalogue.mirrorComic
const readerUrl = (index: number) => `${stack.mirrorOrigin}/comic/${comic.id}/${comic.chapterIds[index]}`
const chromium = chromiumPerFile()

const scrollTop = (page: Page) => page.locator('.comics-reader__main').evaluate((strip: HTMLElement) => strip.scrollTop)

const autoScroll = (page: Page) =>
  page.locator('.comics-reader').evaluate((reader: HTMLElement) => ({ state: reader.dataset.autoscroll, stoppedBy: reader.dataset.autoscrollStop }))

/** Where the strip is after 20 more frames: where it was when auto-scroll is stopped. */
const scrollTopAfterFrames = (page: Page) =>
  page.evaluate(async () => {
    for (let frame = 0; frame < 20; frame += 1) await new Promise(requestAnimationFrame)
    return document.querySelector<HTMLElement>('.comics-reader__main')!.scrollTop
  })

/** A guest on an episode whose first page is in, with the app running the page. */
async function openEpisode(index: number) {
  const visit = await chromium.open()
  await prepareVisitor(visit.context)
  const { page } = visit
  await page.goto(readerUrl(index))
  await expect.poll(() => firstPageLoaded(page)).toBe(true)
  await appRunning(page)
  await expect.poll(() => page.getByRole('button', { name: 'Auto-scroll' }).isEnabled()).toBe(true)
  return page
}

/** Presses the footer's toggle by keyboard (the footer hides while the strip moves) and sees the strip move. */
async function play(page: Page) {
  const toggle = page.getByRole('button', { name: 'Auto-scroll' })
  await toggle.focus()
  await toggle.press('Enter')
  expect(await toggle.getAttribute('aria-pressed')).toBe('true')
}

async function movesOn(page: Page) {
  const from = await scrollTop(page)
  await expect.poll(() => scrollTop(page)).toBeGreaterThan(from + 20)
}

async function stopsFor(page: Page, reason: string) {
  await expect.poll(() => autoScroll(page)).toEqual({ state: 'paused', stoppedBy: reason })
  const at = await scrollTop(page)
  expect(await scrollTopAfterFrames(page)).toBe(at)
}

/** Puts the strip a little above the end card, as a reader who read down to there. */
async function nearTheEnd(page: Page) {
  const end = page.locator('.comics-reader__end')
  await expect.poll(() => end.count()).toBe(1)
  await page.locator('.comics-reader__main').evaluate((strip: HTMLElement) => {
    const card = strip.querySelector<HTMLElement>('.comics-reader__end')!
    strip.scrollTop = card.offsetTop - strip.clientHeight - 60
  })
  await scrollTopAfterFrames(page)
}

const endCardInView = (page: Page) =>
  page.locator('.comics-reader__main').evaluate((strip: HTMLElement) => {
    const card = strip.querySelector<HTMLElement>('.comics-end-card')!
    return card.getBoundingClientRect().top <= strip.getBoundingClientRect().bottom
  })

describe('reader auto-scroll', () => {
  test('moves the strip by itself; stops for a pointer pressed on it, the wheel and a hidden tab', async () => {
    const page = await openEpisode(0)
    expect(await autoScroll(page)).toEqual({ state: 'paused', stoppedBy: undefined })
    await play(page)
    await movesOn(page)
    // Running, the footer kept by the toggle's keyboard focus: the pressed toggle, as a reader sees it.
    expect(await page.locator('.comics-reader').getAttribute('data-chrome')).toBe('visible')
    await screenshotPhoneAndDesktop(page, 'reader-autoscroll-playing')
    expect((await autoScroll(page)).state).toBe('playing')

    // A reader's press on the strip (mouse or finger): the pointer goes down, auto-scroll stops.
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2)
    await page.mouse.down()
    await stopsFor(page, 'touch')
    await page.mouse.up()

    // 'a' plays again; the wheel stops it.
    await page.keyboard.press('a')
    await movesOn(page)
    await page.mouse.wheel(0, 40)
    await stopsFor(page, 'touch')

    // The tab hidden (another tab, the phone locked): stopped, and still stopped when it shows again.
    await page.keyboard.press('a')
    await movesOn(page)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await stopsFor(page, 'hidden')
    await page.evaluate(() => {
      delete (document as { visibilityState?: unknown }).visibilityState
      delete (document as { hidden?: unknown }).hidden
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(await scrollTopAfterFrames(page)).toBe(await scrollTop(page))
    expect((await autoScroll(page)).state).toBe('paused')
  })

  test("stops at the episode's end, and at a locked episode's unlock choice", async () => {
    // Episode 1, the next one free: stopped as the end card comes into view.
    const page = await openEpisode(0)
    await nearTheEnd(page)
    await play(page)
    await stopsFor(page, 'end')
    expect(await endCardInView(page)).toBe(true)
    expect(await page.getByRole('link', { name: 'Read the next episode' }).count()).toBe(1)

    // Episode 3, the last free one: the end card offers episode 4's unlock, and auto-scroll stops there.
    const last = await openEpisode(2)
    await expect.poll(() => last.locator('.comics-end-card').getAttribute('data-state')).toBe('sign-in')
    await nearTheEnd(last)
    await play(last)
    await stopsFor(last, 'lock')
    expect(await endCardInView(last)).toBe(true)
    expect(await last.getByRole('button', { name: 'Sign in to unlock this episode' }).isVisible()).toBe(true)
    // Each size lays the strip out anew: the end card brought back where auto-scroll stopped, at the bottom.
    await screenshotPhoneAndDesktop(last, 'reader-autoscroll-stopped-at-lock', async () => {
      await last.locator('.comics-reader__main').evaluate(async (strip: HTMLElement) => {
        const card = strip.querySelector<HTMLElement>('.comics-reader__end')!
        strip.scrollTop = card.offsetTop - strip.clientHeight * 0.55
        const images = [...strip.querySelectorAll<HTMLImageElement>('img')].filter((image) => {
          const box = image.getBoundingClientRect()
          return box.bottom > 0 && box.top < innerHeight
        })
        await Promise.all(images.map((image) => image.decode().catch(() => undefined)))
      })
      await scrollTopAfterFrames(last)
    })
  })
})
