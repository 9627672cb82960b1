import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { appRunning, chromiumPerFile } from '@comics/test-stack/browser'
import { e2eStack } from '@comics/test-stack/stack'
import { screenshotPhoneAndDesktop } from '@comics/test-stack/screenshots'
import { prepareVisitor } from '@comics/test-stack/visitor'
import { firstPageLoaded } from '@comics/test-stack/readerStrip'

const stack = e2eStack()
const comic = stack.catalogue.mirrorComic
const readerPath = (index: number) => `/comic/${comic.id}/${comic.chapterIds[index]}`
const chromium = chromiumPerFile()

/** The episodes in the strip, in order. */
const episodesInStrip = (page: Page) =>
  page.locator('[data-episode-id]').evaluateAll((episodes: HTMLElement[]) => episodes.map((episode) => episode.dataset.episodeId))

/** Scrolls to the strip's end, as a reader reading down to it. */
const scrollToEnd = (page: Page) =>
  page.locator('.comics-reader__main').evaluate((strip: HTMLElement) => {
    strip.scrollTop = strip.scrollHeight - strip.clientHeight
  })

/** Scrolls an episode's last page to the bottom of the viewport: the reader has read down to its end. */
async function scrollToEndOfEpisode(page: Page, index: number) {
  const id = comic.chapterIds[index]!
  await expect.poll(() => page.locator(`[data-episode-id="${id}"] [data-page-index]`).count()).toBeGreaterThan(0)
  await page.locator('.comics-reader__main').evaluate((strip: HTMLElement, id) => {
    const episode = strip.querySelector<HTMLElement>(`[data-episode-id="${id}"]`)!
    strip.scrollTop = episode.offsetTop + episode.offsetHeight - strip.clientHeight
  }, id)
}

/** Scrolls an episode of the strip, once its pages are in, to `screens` viewports below its top at the middle. */
async function scrollIntoEpisode(page: Page, index: number, screens = 0.5) {
  const id = comic.chapterIds[index]!
  await expect.poll(() => page.locator(`[data-episode-id="${id}"] [data-page-index]`).count()).toBeGreaterThan(0)
  await page.locator('.comics-reader__main').evaluate(
    (strip: HTMLElement, [id, screens]) => {
      const episode = strip.querySelector<HTMLElement>(`[data-episode-id="${id}"]`)!
      strip.scrollTop = episode.offsetTop + screens * strip.clientHeight - strip.clientHeight / 2
    },
    [id, screens] as const,
  )
}

/** The comic's reading progress as this browser keeps it: the episode and page last read. */
const progressOfComic = (page: Page) =>
  page.evaluate((comicId) => {
    const history = JSON.parse(window.localStorage.getItem('comicsReadingHistory') ?? '[]') as { comicId: string; chapterId: string; page?: number }[]
    const entry = history.find((candidate) => candidate.comicId === comicId)
    return entry ? { chapterId: entry.chapterId, page: entry.page } : null
  }, comic.id)

/** The layout shifts seen since the page loaded, not caused by the reader's own input. */
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift)

describe('reader continuous reading', () => {
  test('the next episode follows in the strip: the address, title and progress move to it; a lock stops it', async () => {
    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.addInitScript(() => {
      const global = window as unknown as { __layoutShift: number }
      global.__layoutShift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) global.__layoutShift += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(`${stack.mirrorOrigin}${readerPath(0)}`)
    await expect.poll(() => firstPageLoaded(page)).toBe(true)
    await appRunning(page)
    const entries = await page.evaluate(() => history.length)

    // The reader chooses continuous reading in the settings panel.
    await page.getByRole('button', { name: 'Reader settings' }).click()
    const dialog = page.getByRole('dialog', { name: 'Reader settings' })
    await dialog.getByRole('group', { name: 'Episodes' }).getByRole('radio', { name: 'Continuous' }).check()
    await screenshotPhoneAndDesktop(page, 'reader-settings-continuous')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)

    // Read down to the end of episode 1: episode 2 follows under its title, and the address stays.
    await scrollToEndOfEpisode(page, 0)
    await expect.poll(() => episodesInStrip(page)).toEqual([comic.chapterIds[0], comic.chapterIds[1]])
    expect(await page.locator('.comics-reader__main').getByRole('heading', { name: comic.chapterTitles[1] }).isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe(readerPath(0))

    // Into episode 2: the address (replaced), the header's title, the document's title and the progress move to it.
    await scrollIntoEpisode(page, 1, 1.5)
    await expect.poll(() => new URL(page.url()).pathname).toBe(readerPath(1))
    await expect.poll(() => page.locator('.comics-reader__episode-title').textContent()).toBe(comic.chapterTitles[1])
    await expect.poll(() => page.title()).toContain(comic.chapterTitles[1]!)
    await expect.poll(() => progressOfComic(page)).toMatchObject({ chapterId: comic.chapterIds[1] })
    // The position kept is the page read among episode 2's own pages.
    await page.locator('.comics-reader__main').evaluate((strip: HTMLElement, id) => {
      const third = strip.querySelector<HTMLElement>(`[data-episode-id="${id}"] [data-page-index="2"]`)!
      strip.scrollTop = third.offsetTop + 10
    }, comic.chapterIds[1]!)
    await expect.poll(() => progressOfComic(page)).toEqual({ chapterId: comic.chapterIds[1], page: 2 })
    expect(await episodesInStrip(page)).toEqual([comic.chapterIds[0], comic.chapterIds[1]])
    expect(await layoutShift(page)).toBe(0)
    await screenshotPhoneAndDesktop(page, 'reader-continuous-next-episode', async () => {
      await scrollIntoEpisode(page, 1, 0.2)
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    })

    // Back up into episode 1: the address follows.
    await page.locator('.comics-reader__main').evaluate((strip: HTMLElement, id) => {
      const episode = strip.querySelector<HTMLElement>(`[data-episode-id="${id}"]`)!
      strip.scrollTop = episode.offsetTop - strip.clientHeight
    }, comic.chapterIds[1]!)
    await expect.poll(() => new URL(page.url()).pathname).toBe(readerPath(0))

    // On to episode 3, the last free one for a guest: episode 1's page images are released (their boxes kept).
    await scrollIntoEpisode(page, 1, 1.5)
    await expect.poll(() => new URL(page.url()).pathname).toBe(readerPath(1))
    await scrollToEndOfEpisode(page, 1)
    await scrollIntoEpisode(page, 2, 1.5)
    await expect.poll(() => new URL(page.url()).pathname).toBe(readerPath(2))
    const first = page.locator(`[data-episode-id="${comic.chapterIds[0]}"]`)
    await expect.poll(() => first.locator('img').count()).toBe(0)
    expect(await first.locator('[data-page-index]').count()).toBeGreaterThan(0)

    // At its end, episode 4 is locked: it does not follow; the end card offers its unlock.
    await scrollToEnd(page)
    await expect.poll(() => page.locator('.comics-end-card').getAttribute('data-state')).toBe('sign-in')
    expect(await page.getByRole('button', { name: 'Sign in to unlock this episode' }).isVisible()).toBe(true)
    expect(await episodesInStrip(page)).toEqual(comic.chapterIds.slice(0, 3))
    expect(await layoutShift(page)).toBe(0)

    // Back leaves the reader's history entry: the episodes read in the strip replaced it, none added.
    expect(await page.evaluate(() => history.length)).toBe(entries)
  })
})
