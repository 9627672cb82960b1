import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { createUser } from '@comics/auth-emulator'
import { SEARCH_PAGE_SIZE } from '@comics/core'
import { apiCalls } from '@comics/test-stack/apiCalls'
import { renderPngs } from '@comics/test-stack/pageImages'
import { chromiumPerFile, MOBILE, type WatchedPage, appRunning } from '@comics/test-stack/browser'
import { e2eStack } from '@comics/test-stack/stack'
import { PASSWORD, prepareVisitor, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const mirrorComic = stack.catalogue.mirrorComic
const adultComic = stack.catalogue.uncensoredComic
const chromium = chromiumPerFile()
let visit: WatchedPage

/** A title as a reader mistypes it: two letters of its longest word swapped, all in lower case. */
function withTypo(title: string): string {
  const words = title.split(' ')
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a))
  const at = Math.floor(longest.length / 2)
  const typo = longest.slice(0, at) + longest[at + 1] + longest[at] + longest.slice(at + 2)
  return words.map((word) => (word === longest ? typo : word)).join(' ').toLowerCase()
}

const searchField = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search comics' })
const optionTitles = (page: Page) => page.getByRole('banner').getByRole('option').allTextContents()

describe('search', () => {
  test('a typo finds the comic as the reader types; arrows and Enter open it; Enter alone opens the shareable results page', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(`${stack.mirrorOrigin}/`)
    const typed = withTypo(mirrorComic.title)
    expect(typed).not.toBe(mirrorComic.title.toLowerCase())
    await searchField(page).pressSequentially(typed, { delay: 20 })
    const option = page.getByRole('banner').getByRole('option', { name: mirrorComic.title, exact: true })
    await expect.poll(() => option.isVisible()).toBe(true)
    expect(await searchField(page).getAttribute('aria-expanded')).toBe('true')

    const options = await optionTitles(page)
    for (let i = 0; i <= options.indexOf(mirrorComic.title); i++) await searchField(page).press('ArrowDown')
    expect(await searchField(page).getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'))
    await searchField(page).press('Enter')
    await page.waitForURL(`${stack.mirrorOrigin}/comic/${mirrorComic.id}`)

    // Enter with no result chosen: the results page, its address shareable (a reload shows the same).
    // Escape closes the list once it shows (before that, an Escape would empty the field, as the pattern allows).
    await searchField(page).fill(typed)
    await expect.poll(() => option.isVisible()).toBe(true)
    await searchField(page).press('Escape')
    await expect.poll(() => searchField(page).getAttribute('aria-expanded')).toBe('false')
    await searchField(page).press('Enter')
    await page.waitForURL(`${stack.mirrorOrigin}/search?q=${encodeURIComponent(typed)}`)
    const results = page.getByRole('main')
    await expect.poll(() => results.getByRole('link', { name: mirrorComic.title }).first().isVisible()).toBe(true)
    await page.reload()
    await expect.poll(() => results.getByRole('link', { name: mirrorComic.title }).first().isVisible()).toBe(true)
  })

  test("the adult host's AO comic is never found on the mirror host, and is on the adult host", async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    const typed = withTypo(adultComic.title)

    await page.goto(`${stack.mirrorOrigin}/search?q=${encodeURIComponent(adultComic.title)}`)
    await expect.poll(() => page.locator('.site-search').getAttribute('data-status')).toMatch(/^(results|empty)$/)
    expect(await page.getByRole('main').getByRole('link', { name: adultComic.title }).count()).toBe(0)
    await searchField(page).pressSequentially(typed, { delay: 20 })
    await expect.poll(() => page.locator('.comics-search').getAttribute('data-status')).toMatch(/^(results|empty)$/)
    expect(await optionTitles(page)).not.toContain(adultComic.title)

    await page.goto(`${stack.adultOrigin}/`)
    await searchField(page).pressSequentially(typed, { delay: 20 })
    await expect.poll(() => page.getByRole('banner').getByRole('option', { name: adultComic.title, exact: true }).isVisible()).toBe(true)
  })

  test('at 375 px the field fits the top bar beside the menu button, and its results show', async () => {
    visit = await chromium.open({ viewport: MOBILE, isMobile: true, hasTouch: true })
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(`${stack.mirrorOrigin}/`)
    const banner = page.getByRole('banner')
    await expect.poll(() => banner.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true)
    expect(await searchField(page).isVisible()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await searchField(page).pressSequentially(withTypo(mirrorComic.title), { delay: 20 })
    const option = banner.getByRole('option', { name: mirrorComic.title, exact: true })
    await expect.poll(() => option.isVisible()).toBe(true)
    const box = (await option.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width)
    await option.click()
    await page.waitForURL(`${stack.mirrorOrigin}/comic/${mirrorComic.id}`)
  })

  test("the results page shows 24 at a time; 'Show more results' adds the rest after them", async () => {
    const { adminPost } = apiCalls(stack.apiUrl)
    const admin = await createUser(stack.emulatorHost, { email: uniqueEmail('search-admin'), password: PASSWORD, claims: { admin: true } })
    visit = await chromium.open()
    const [cover] = await renderPngs(chromium.browser, [{ name: 'cover.png', width: 300, height: 400, label: 'Cover' }])
    // A word of its own, so that only these comics match.
    const word = `zephyrine${Date.now().toString(36).replace(/\d/g, '')}`
    const ids: string[] = []
    try {
      for (let n = 1; n <= SEARCH_PAGE_SIZE + 2; n++) {
        const [comic] = await adminPost(admin.idToken, '/comics', { title: `${word} ${n}`, description: 'Found page by page.', contentRating: 'T', genres: '["1"]', displayOnMirror: '1' }, [{ field: 'cover', image: cover! }])
        ids.push(comic!.id)
      }
      await prepareVisitor(visit.context)
      const { page } = visit
      await page.goto(`${stack.mirrorOrigin}/search?q=${word}`)
      const cards = page.getByRole('main').locator('.site-card-grid > li')
      const more = page.getByRole('main').getByRole('button', { name: 'Show more results' })
      await expect.poll(() => cards.count()).toBe(SEARCH_PAGE_SIZE)
      expect(await page.getByRole('main').getByRole('status').first().textContent()).toBe(`${SEARCH_PAGE_SIZE + 2} comics found`)
      const firstPage = await cards.allTextContents()
      await appRunning(page)
      await more.click()
      await expect.poll(() => cards.count()).toBe(SEARCH_PAGE_SIZE + 2)
      // Added after those shown, each comic once; nothing more to ask for.
      expect((await cards.allTextContents()).slice(0, SEARCH_PAGE_SIZE)).toEqual(firstPage)
      const titles = await page.getByRole('main').locator('.comics-comic-card__title').allTextContents()
      expect(new Set(titles)).toEqual(new Set(Array.from({ length: SEARCH_PAGE_SIZE + 2 }, (_, i) => `${word} ${i + 1}`)))
      expect(await more.count()).toBe(0)
    } finally {
      const deleted = await fetch(`${stack.apiUrl}/api/v1/comics`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      })
      expect(deleted.status).toBe(200)
    }
  })
})
