import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { appRunning, chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { screenshotBothSizes, screenshotPhoneAndDesktop } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { authDialog, prepareVisitor } from '@comics/test-stack/visitor'

const stack = e2eStack()
const comic = stack.catalogue.mirrorComic
const chromium = chromiumPerFile()
let visit: WatchedPage

async function guest(): Promise<WatchedPage> {
  visit = await chromium.open()
  await prepareVisitor(visit.context)
  return visit
}

describe('a guest', () => {
  test('sees the featured carousel and Something New on the home page, Read now opens the comic', async () => {
    const { page } = await guest()
    await page.goto(`${stack.mirrorOrigin}/`)
    const featured = page.getByRole('region', { name: 'Featured comics' })
    await expect.poll(() => featured.getByRole('group').count()).toBe(3)
    await expect.poll(() => featured.getByRole('link', { name: 'Read now' }).count()).toBe(3)
    const somethingNew = page.getByRole('region', { name: 'Something New' })
    await expect.poll(() => somethingNew.getByRole('link').filter({ hasNotText: 'Read more' }).count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByRole('link', { name: 'Become a member' }).isVisible()).toBe(true)
    await screenshotBothSizes(page, 'home-mirror')

    await featured.getByRole('link', { name: 'Read now' }).first().click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/comic\/\d+$/)
  })

  test('filters Categories by genre: the title follows and the comics are refetched', async () => {
    const { page } = await guest()
    await page.goto(`${stack.adultOrigin}/categories`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('ALL')
    const genres = page.getByRole('group', { name: 'Genres' }).getByRole('button')
    await expect.poll(() => genres.count()).toBeGreaterThan(2)
    const allCards = await page.locator('.site-card-grid li').count()
    expect(allCards).toBeGreaterThan(1)
    await screenshotBothSizes(page, 'categories')

    const uncensored = page.getByRole('group', { name: 'Genres' }).getByRole('button', { name: 'Uncensored', exact: true })
    const listed = page.waitForResponse((response) => response.url().endsWith('/api/v1/comics/list') && response.request().postData()?.includes('"genres"') === true)
    await uncensored.click()
    await listed
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('UNCENSORED')
    expect(await uncensored.getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => page.locator('.site-card-grid li').count()).toBeLessThan(allCards)
    await expect.poll(() => page.locator('.site-card-grid li').count()).toBeGreaterThan(0)

    await page.getByRole('link', { name: 'Back to main' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  })

  test("opens a comic page with '{n} Episodes'; episodes 1 to 3 show their pages, episode 4 asks to sign in", async () => {
    const { page } = await guest()
    await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    await expect.poll(() => page.getByRole('heading', { name: `${comic.chapterIds.length} Episodes` }).isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('link', { name: 'Start Reading' }).or(page.getByRole('button', { name: 'Start Reading' })).count()).toBe(1)
    await screenshotBothSizes(page, 'comic-page')

    const rows = page.locator('.comics-episode-row')
    // The comic's genres, counts and latest update are on its page; no row reads a bare 'Open'.
    await expect.poll(() => page.getByRole('list', { name: 'Genres' }).getByRole('listitem').count()).toBeGreaterThan(0)
    await expect.poll(() => page.locator('.comics-comic-preview__meta').textContent()).toMatch(new RegExp(`^${comic.chapterIds.length} Episodes·?Updated `))
    expect(await page.getByText('Open', { exact: true }).count()).toBe(0)
    await expect.poll(() => rows.first().getByRole('link', { name: `Open ${comic.chapterTitles[0]}`, exact: true }).count()).toBe(1)
    const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!
    const start = page.getByRole('button', { name: 'Start Reading' })
    const follow = page.getByRole('button', { name: 'Follow' })
    await screenshotPhoneAndDesktop(page, 'comic-page-guest', async (size) => {
      await page.evaluate(() => window.scrollTo(0, 0))
      const [startBox, followBox, firstRow, preview, download] = await Promise.all([
        box(start), box(follow), box(rows.first()), box(rows.first().locator('.comics-episode-row__preview')), box(rows.first().locator('.comics-episode-row__download')),
      ])
      // One button height; Follow a button, not a bar across the page.
      expect(followBox.height).toBe(startBox.height)
      expect(followBox.width).toBeLessThan(240)
      // Download beside the episode's thumbnail, never wrapped under it.
      expect(download.x).toBeGreaterThanOrEqual(preview.x + preview.width)
      expect(download.y).toBeLessThan(preview.y + preview.height)
      if (size.width === 390) {
        // An episode row on the first screen of a phone.
        expect(firstRow.y + firstRow.height).toBeLessThanOrEqual(size.height)
      } else {
        // Two columns: the episodes to the right of the comic.
        const cover = await box(page.locator('.comics-comic-preview__cover'))
        expect(firstRow.x).toBeGreaterThan(cover.x + cover.width)
      }
    })
    for (const index of [0, 1, 2]) {
      await rows.nth(index).getByRole('link', { name: 'Open' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/comic/${comic.id}/${comic.chapterIds[index]}`)
      await expect.poll(() => page.getByRole('img', { name: /^Page 1 of \d+$/ }).isVisible()).toBe(true)
      await expect.poll(() => page.getByRole('img', { name: /^Page 1 of \d+$/ }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
      if (index === 0) await screenshotBothSizes(page, 'reader')
      await page.goBack()
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/comic/${comic.id}`)
    }

    await rows.nth(3).getByRole('button', { name: 'Open' }).click()
    await expect.poll(() => authDialog(page).isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe(`/comic/${comic.id}`)
    await screenshotBothSizes(page, 'auth-modal')
  })

  test('Premium opens the sign-in modal; /account, /premium and /payment go to /', async () => {
    const { page } = await guest()
    await page.goto(`${stack.mirrorOrigin}/categories`)
    await appRunning(page)
    await page.getByRole('banner').getByRole('button', { name: 'Premium' }).click()
    await expect.poll(() => authDialog(page).isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/categories')

    for (const path of ['/account', '/premium', '/payment/4weeks', '/payment']) {
      await page.goto(`${stack.mirrorOrigin}${path}`)
      await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    }
  })

  test("is told to sign in by 'Get in now' on a comic page and 'Become a member' on home, and stays on the page", async () => {
    const { page } = await guest()
    await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    await appRunning(page)
    const getIn = page.getByRole('link', { name: 'Get in now' })
    await expect.poll(() => getIn.isVisible()).toBe(true)
    await getIn.click()
    await expect.poll(() => authDialog(page).isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe(`/comic/${comic.id}`)
    await page.keyboard.press('Escape')
    await expect.poll(() => authDialog(page).isVisible()).toBe(false)
    expect(new URL(page.url()).pathname).toBe(`/comic/${comic.id}`)

    await page.goto(`${stack.mirrorOrigin}/`)
    await appRunning(page)
    const become = page.getByRole('link', { name: 'Become a member' })
    await expect.poll(() => become.isVisible()).toBe(true)
    await become.click()
    await expect.poll(() => authDialog(page).isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await page.getByRole('region', { name: 'Something New' }).isVisible()).toBe(true)
  })

  test('reads the policy pages and sees a not-found page for an unknown path', async () => {
    const { page } = await guest()
    for (const [path, title, name] of [
      ['/privacy-policy', 'Privacy Policy', 'privacy-policy'],
      ['/terms-of-use', 'Terms of Use', 'terms-of-use'],
      ['/payment-and-refund', 'Payment and Refund Policy', 'payment-and-refund'],
    ] as const) {
      await page.goto(`${stack.mirrorOrigin}${path}`)
      await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).isVisible()).toBe(true)
      await expect.poll(() => page.getByRole('button', { name: /Back/ }).isVisible()).toBe(true)
      await screenshotBothSizes(page, name)
    }
    await page.goto(`${stack.mirrorOrigin}/no/such/page`)
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true)
    await screenshotBothSizes(page, 'not-found')
  })

  test('finds a new page at its top, and the page it left where it was on Back and after a reload', async () => {
    const { page } = await guest()
    await page.goto(`${stack.mirrorOrigin}/privacy-policy`)
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).isVisible()).toBe(true)
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY))
    // Down to the footer, where the next page's link is.
    const termsLink = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' })
    await termsLink.scrollIntoViewIfNeeded()
    const target = await scrollY()
    expect(target).toBeGreaterThan(100)

    await termsLink.click()
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Terms of Use' }).isVisible()).toBe(true)
    expect(await scrollY()).toBe(0)

    await page.goBack()
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).isVisible()).toBe(true)
    await expect.poll(scrollY).toBe(target)
    await page.reload()
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).isVisible()).toBe(true)
    await expect.poll(scrollY).toBe(target)

    // The same address opened anew starts at the top.
    await page.goto(`${stack.mirrorOrigin}/privacy-policy`)
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).isVisible()).toBe(true)
    expect(await scrollY()).toBe(0)
    // A #hash names an element to scroll to; one that is not a valid escape breaks nothing.
    await page.goto(`${stack.mirrorOrigin}/terms-of-use#%E0%A4%A`)
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Terms of Use' }).isVisible()).toBe(true)
    expect(await scrollY()).toBe(0)
  })
})
