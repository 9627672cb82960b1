import { describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright'
import { appRunning, chromiumPerFile, DESKTOP, MOBILE, holdEntryScript, stylesheetsApplied, type WatchedPage } from '@comics/test-stack/browser'
import { screenshotBothSizes, screenshotPhoneAndDesktop } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'
import { SIGNED_IN_COOKIE } from '../../src/app/documentMarks'
import { firstPageLoaded } from '@comics/test-stack/readerStrip'

const stack = e2eStack()
const comic = stack.catalogue.mirrorComic
const readerUrl = (index: number) => `${stack.mirrorOrigin}/comic/${comic.id}/${comic.chapterIds[index]}`
const adultComic = stack.catalogue.uncensoredComic
const adultReaderUrl = `${stack.adultOrigin}/comic/${adultComic.id}/${adultComic.chapterIds[0]}`
const chromium = chromiumPerFile()
let visit: WatchedPage

const chrome = (page: Page) => page.locator('.comics-reader').getAttribute('data-chrome')
/** The end card in view at a phone's width (390 px) and a desktop's (1280 px), kept with the run's screenshots. */
const screenshotEndCard = (page: Page, card: Locator, name: string) =>
  screenshotPhoneAndDesktop(page, name, async (size) => {
    await card.scrollIntoViewIfNeeded()
    // The thumbnail loads lazily: shown once it is in.
    await expect.poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    // No part of the card reaches past the window's width.
    const box = await card.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= size.width).toBe(true)
  })

describe('the reader', () => {
  test('toggles its header and footer, pages between free episodes, lists episodes with locks and closes to the comic', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(readerUrl(0))
    await expect.poll(() => firstPageLoaded(page)).toBe(true)
    await expect.poll(() => page.getByRole('heading', { level: 1, name: comic.title }).isVisible()).toBe(true)
    expect(await page.getByText(comic.chapterTitles[0]!, { exact: true }).first().isVisible()).toBe(true)
    // The server-rendered reader's controls answer once the app runs it.
    await appRunning(page)

    // A tap in the middle of the strip, where it is (a click on the page's centre would scroll first).
    const tapStrip = () => page.mouse.click(DESKTOP.width / 2, DESKTOP.height / 2)
    expect(await chrome(page)).toBe('visible')
    await tapStrip()
    await expect.poll(() => chrome(page)).toBe('hidden')
    await tapStrip()
    await expect.poll(() => chrome(page)).toBe('visible')

    const prev = page.getByRole('button', { name: 'Prev', exact: true })
    const next = page.getByRole('button', { name: 'Next', exact: true })
    expect(await prev.isDisabled()).toBe(true)
    await next.click()
    await page.waitForURL(readerUrl(1))
    await expect.poll(() => prev.isEnabled()).toBe(true)
    await next.click()
    await page.waitForURL(readerUrl(2))
    await expect.poll(() => firstPageLoaded(page)).toBe(true)
    // Without a subscription the third episode is the last one open.
    await expect.poll(() => next.isDisabled()).toBe(true)

    // Its strip ends on the card naming episode 4, locked, and what opens it for a guest: signing in.
    const endCard = page.getByRole('region', { name: 'Next episode' })
    await endCard.scrollIntoViewIfNeeded()
    await expect.poll(() => endCard.getAttribute('data-state')).toBe('sign-in')
    expect(await endCard.getByText(comic.chapterTitles[3]!, { exact: true }).isVisible()).toBe(true)
    expect(await endCard.getByText('Locked', { exact: true }).isVisible()).toBe(true)
    expect(await endCard.getByText('Sign in to unlock it with coins or a subscription.').isVisible()).toBe(true)
    await screenshotEndCard(page, endCard, 'reader-end-card-guest')
    await endCard.getByRole('button', { name: 'Sign in to unlock this episode' }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Sign In' }).isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

    // The card stands above the episode's comments: the footer shows again at the strip's end (spec §4).
    await page.locator('.comics-reader__main').evaluate((strip: HTMLElement) => strip.scrollTo(0, strip.scrollHeight))
    await expect.poll(() => chrome(page)).toBe('visible')
    await page.getByRole('button', { name: 'List Episodes' }).click()
    const list = page.getByRole('dialog', { name: 'List Episodes' })
    await expect.poll(() => list.isVisible()).toBe(true)
    const rows = list.getByRole('listitem')
    expect(await rows.count()).toBe(comic.chapterIds.length)
    for (let index = 0; index < comic.chapterIds.length; index++) {
      expect(await rows.nth(index).getAttribute('data-locked')).toBe(index < 3 ? 'false' : 'true')
    }
    await screenshotBothSizes(page, 'reader-episode-list')
    await list.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => list.isVisible()).toBe(false)

    await page.getByRole('link', { name: 'Close reader' }).click()
    await page.waitForURL(`${stack.mirrorOrigin}/comic/${comic.id}`)
  })

  test("keeps the reading progress: 'Continue reading' on the comic page and LAST READ on the account, after a reload too", async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(`${stack.mirrorOrigin}/`)
    await signUpByEmail(page, uniqueEmail('progress'))

    await page.goto(readerUrl(1))
    await expect.poll(() => firstPageLoaded(page)).toBe(true)
    const continueReading = `Continue reading '${comic.chapterTitles[1]}'`
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('comicsReadingHistory') ?? '')).toContain(comic.chapterIds[1])

    await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    const start = page.getByRole('link', { name: continueReading }).or(page.getByRole('button', { name: continueReading }))
    await expect.poll(() => start.count()).toBe(1)
    await page.reload()
    await expect.poll(() => start.count()).toBe(1)

    await page.goto(`${stack.mirrorOrigin}/account`)
    const lastRead = page.getByRole('region', { name: 'LAST READ' })
    await expect.poll(() => lastRead.getByText(comic.title).first().isVisible()).toBe(true)
    await page.reload()
    await expect.poll(() => lastRead.getByText(comic.title).first().isVisible()).toBe(true)
    await screenshotBothSizes(page, 'account-last-read')

    await lastRead.getByRole('link').filter({ hasText: comic.title }).first().press('Enter')
    await page.waitForURL(`${stack.mirrorOrigin}/comic/${comic.id}`)
  })

  test("a guest landing on an episode of the adult host on a phone: the server renders the reader behind its age gate, the app takes it over asking for nothing again, and the first page is preloaded as its image asks for it, loaded once", async () => {
    const landing = await chromium.open({ viewport: MOBILE, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
    // A visitor who answered Yes on an earlier visit (their storage says so) but has no cookie yet.
    await prepareVisitor(landing.context)
    const calls: string[] = []
    const imageLoads: string[] = []
    landing.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/')) calls.push(`${new URL(request.url()).pathname} ${request.postData()}`)
      if (request.method() === 'GET' && request.url().includes('/api/v1/files/')) imageLoads.push(request.url())
    })
    const releaseEntry = await holdEntryScript(landing.context)
    await landing.page.goto(adultReaderUrl, { waitUntil: 'commit' })
    // Before the scripts: the server's page, its age gate in it (the server cannot see the answer), not
    // shown: the head's script read the Yes in storage (src/app/documentScripts.ts).
    const served = landing.page.locator('#root[data-server-rendered]')
    await expect.poll(() => served.getByRole('heading', { level: 1, name: adultComic.title }).isVisible()).toBe(true)
    await expect.poll(() => stylesheetsApplied(landing.page)).toBe(true)
    expect(await landing.page.locator('html[data-age-passed]').count()).toBe(1)
    expect(await served.locator('[role="dialog"]', { hasText: 'Are you over the age of 18?' }).count()).toBe(1)
    expect(await served.locator('[role="dialog"]', { hasText: 'Are you over the age of 18?' }).isVisible()).toBe(false)
    releaseEntry()
    await appRunning(landing.page)
    // The app takes over, finds the stored answer and removes the gate; the page is the server's.
    await expect.poll(() => landing.page.locator('[role="dialog"]', { hasText: 'Are you over the age of 18?' }).count()).toBe(0)
    await expect.poll(() => firstPageLoaded(landing.page)).toBe(true)
    await expect.poll(() => landing.page.getByRole('heading', { level: 1, name: adultComic.title }).isVisible()).toBe(true)
    // The page now carries the cookie: the next document shows no gate before the app runs.
    expect((await landing.context.cookies()).map((cookie) => cookie.name)).toContain('comics_age_passed')
    // Every first answer came with the document: none asked again.
    expect(calls.filter((call) => /^\/api\/v1\/(comics\/list|chapters\/list|comics-assets\/list) /.test(call))).toEqual([])
    const firstPage = await landing.page
      .getByRole('img', { name: /^Page 1 of \d+$/ })
      .evaluate((image: HTMLImageElement) => ({ href: image.src, srcset: image.srcset, sizes: image.sizes, loaded: image.currentSrc }))
    const preloaded = await landing.page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => ({
        href: link.href,
        srcset: link.imageSrcset,
        sizes: link.imageSizes,
      })),
    )
    // The same candidates and sizes as the page's own image (its renditions: the API lists them)...
    expect(firstPage.srcset).toContain('?w=480 480w')
    // (React's server render writes the preload from the <img>: with a srcset, it names no href.)
    expect(preloaded.map(({ srcset, sizes }) => ({ srcset, sizes }))).toEqual([{ srcset: firstPage.srcset, sizes: firstPage.sizes }])
    // ...so the preload and the image load one file, once: 750 pixels wide for 375 at 2x.
    expect(firstPage.loaded).toBe(`${firstPage.href}?w=750`)
    const imageFile = (url: string) => new URL(url).pathname
    expect(imageLoads.filter((url) => imageFile(url) === imageFile(firstPage.href))).toEqual([firstPage.loaded])

    // The next document, before its scripts: the server's gate is in it but not shown, the page is.
    const releaseAgain = await holdEntryScript(landing.context)
    await landing.page.goto(adultReaderUrl, { waitUntil: 'commit' })
    await expect.poll(() => landing.page.locator('#root[data-server-rendered][data-age-passed]').count()).toBe(1)
    await expect.poll(() => landing.page.getByRole('heading', { level: 1, name: adultComic.title }).isVisible()).toBe(true)
    // The stylesheet hides the gate: what is shown is known once it applies (the browser paints nothing before).
    await expect.poll(() => stylesheetsApplied(landing.page)).toBe(true)
    expect(await landing.page.locator('[role="dialog"]', { hasText: 'Are you over the age of 18?' }).count()).toBe(1)
    expect(await landing.page.locator('[role="dialog"]', { hasText: 'Are you over the age of 18?' }).isVisible()).toBe(false)
    releaseAgain()
    await appRunning(landing.page)
    expect(await landing.page.locator('[role="dialog"]', { hasText: 'Are you over the age of 18?' }).count()).toBe(0)
    await landing.context.close()
  })

  test('a guest landing on an episode of the mirror host: the server renders it, the page shows before the scripts and the app takes it over without asking again', async () => {
    const landing = await chromium.open({ viewport: MOBILE, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
    await prepareVisitor(landing.context)
    const { page, context } = landing
    const calls: string[] = []
    const imageLoads: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/')) calls.push(new URL(request.url()).pathname)
      if (request.method() === 'GET' && request.url().includes('/api/v1/files/')) imageLoads.push(request.url())
    })
    // The entry script waits until the page has been looked at without it.
    const releaseEntry = await holdEntryScript(context)
    // Module scripts hold DOMContentLoaded: the page is looked at as it arrives.
    await page.goto(readerUrl(1), { waitUntil: 'commit' })
    const served = page.locator('#root[data-server-rendered]')
    await expect.poll(() => served.getByRole('heading', { level: 1, name: comic.title }).isVisible()).toBe(true)
    expect(await served.getByText(comic.chapterTitles[1]!, { exact: true }).isVisible()).toBe(true)
    await expect.poll(() => firstPageLoaded(page)).toBe(true)
    expect(await page.locator('html[data-app-running]').count()).toBe(0)
    // The image the server rendered is the one the app keeps: it is taken over, not rendered anew.
    await page.getByRole('img', { name: /^Page 1 of \d+$/ }).evaluate((image) => image.setAttribute('data-seen', ''))
    releaseEntry()
    await appRunning(page)
    // The app works: its chrome toggles and the rest of the episode is mounted once the first page is in.
    await expect.poll(() => page.locator('.comics-reader__page').count()).toBeGreaterThan(1)
    expect(await page.locator('img[data-seen]').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isEnabled()).toBe(true)
    // The browser asked the API for nothing the server had answered, and loaded the first page once, at
    // the phone's width (750 pixels for 375 at 2x).
    expect(calls.filter((path) => /\/(comics|chapters|comics-assets)\/list$/.test(path))).toEqual([])
    const firstPage = await page.getByRole('img', { name: /^Page 1 of \d+$/ }).evaluate((image: HTMLImageElement) => image.currentSrc)
    expect(firstPage).toMatch(/\?w=750$/)
    expect(imageLoads.filter((url) => url.split('?')[0] === firstPage.split('?')[0])).toEqual([firstPage])
    await landing.context.close()
  })

  test("a signed-in reader's landing does not show the guest's page: the server renders none for them, and one it rendered without knowing stays hidden; the app renders theirs", async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page, context } = visit
    await page.goto(`${stack.mirrorOrigin}/`)
    await signUpByEmail(page, uniqueEmail('landing'))
    // The page keeps the signed-in cookie: the server sends the plain document.
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain(SIGNED_IN_COOKIE)
    let releaseEntry = await holdEntryScript(context)
    await page.goto(readerUrl(0), { waitUntil: 'commit' })
    await expect.poll(() => page.locator('#root').count()).toBe(1)
    expect(await page.locator('#root').getAttribute('data-server-rendered')).toBeNull()
    expect(await page.locator('#root').innerHTML()).toBe('')
    releaseEntry()
    await appRunning(page)
    await expect.poll(() => page.getByRole('heading', { level: 1, name: comic.title }).isVisible()).toBe(true)
    await expect.poll(() => firstPageLoaded(page)).toBe(true)

    // Without the cookie (a session from before it), the server renders the guest's page: the document's
    // head finds the session before the body paints, sets the cookie again and loads the page anew, which
    // the server then leaves to the app. The guest's page never shows.
    await context.clearCookies({ name: SIGNED_IN_COOKIE })
    releaseEntry = await holdEntryScript(context)
    await page.goto(readerUrl(1), { waitUntil: 'commit' })
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).toContain(SIGNED_IN_COOKIE)
    await expect.poll(() => page.locator('#root').count()).toBe(1)
    await expect.poll(() => page.locator('#root').getAttribute('data-server-rendered')).toBeNull()
    expect(await page.locator('#root').innerHTML()).toBe('')
    releaseEntry()
    await appRunning(page)
    expect(await page.locator('#root').getAttribute('data-server-rendered')).toBeNull()
    await expect.poll(() => page.getByRole('heading', { level: 1, name: comic.title }).isVisible()).toBe(true)
    await expect.poll(() => firstPageLoaded(page)).toBe(true)
  })
})
