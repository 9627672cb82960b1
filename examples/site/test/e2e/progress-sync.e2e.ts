import { createUser } from '@comics/auth-emulator'
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { renderPngs, type ImageFile } from '@comics/test-stack/pageImages'
import { apiCalls } from '@comics/test-stack/apiCalls'
import { e2eStack } from '@comics/test-stack/stack'
import { openSignIn, prepareVisitor, signUpByEmail, submitAuthModal, uniqueEmail, PASSWORD } from '@comics/test-stack/visitor'
import { firstPageLoaded } from '@comics/test-stack/readerStrip'

const stack = e2eStack()
const { adminPost } = apiCalls(stack.apiUrl)
const chromium = chromiumPerFile()
const long = stack.catalogue.longComic
const comicUrl = (comicId: string) => `${stack.mirrorOrigin}/comic/${comicId}`

/** Scrolls the reader's strip to the top of a page (zero-based), as reading down to it does. */
const scrollToPage = (page: Page, index: number) =>
  page.locator('.comics-reader__main').evaluate((strip, at) => {
    const target = strip.querySelector<HTMLElement>(`[data-page-index="${at}"]`)!
    strip.scrollTop = target.offsetTop
    strip.dispatchEvent(new Event('scroll'))
  }, index)

/** The zero-based page at the top of the reader's strip. */
const pageInView = (page: Page) =>
  page.locator('.comics-reader__main').evaluate((strip) => {
    const pages = [...strip.querySelectorAll<HTMLElement>('[data-page-index]')]
    let found = -1
    for (const [index, element] of pages.entries()) if (element.offsetTop <= strip.scrollTop + 1) found = index
    return found
  })

/** This browser's stored position in a comic (the spec's comicsReadingHistory key). */
const storedPage = (page: Page, comicId: string) =>
  page.evaluate((id) => {
    const history = JSON.parse(window.localStorage.getItem('comicsReadingHistory') ?? '[]') as { comicId: string; chapterId: string; page?: number }[]
    const entry = history.find((candidate) => candidate.comicId === id)
    return entry ? `${entry.chapterId}@${entry.page ?? 0}` : null
  }, comicId)

/** The account's position in a comic, asked from the page with its own token. */
const accountPage = (page: Page, comicId: string) =>
  page.evaluate(async (id) => {
    const token = JSON.parse(window.localStorage.getItem('authToken') ?? 'null') as string | null
    const response = await fetch('/api/v1/me/progress', { headers: { authorization: `Bearer ${token}` } })
    const { data } = (await response.json()) as { data: { comicId: string; chapterId: string; page?: number }[] }
    const entry = data.find((candidate) => candidate.comicId === id)
    return entry ? `${entry.chapterId}@${entry.page ?? 0}` : null
  }, comicId)

const continueLink = (page: Page, title: string) => {
  const name = `Continue reading '${title}'`
  return page.getByRole('link', { name }).or(page.getByRole('button', { name }))
}

describe('progress follows the reader', () => {
  test("page 20 of episode 2 continues in a second browser after sign-in; offline edits, once online, win in both as the newer position", async () => {
    const email = uniqueEmail('sync')
    const episode2 = long.chapterIds[1]!
    const laptop = await chromium.open()
    await prepareVisitor(laptop.context)
    await laptop.page.goto(`${stack.mirrorOrigin}/`)
    await signUpByEmail(laptop.page, email)
    await laptop.page.goto(`${comicUrl(long.id)}/${episode2}`)
    await expect.poll(() => firstPageLoaded(laptop.page)).toBe(true)
    await scrollToPage(laptop.page, 19)
    await expect.poll(() => storedPage(laptop.page, long.id)).toBe(`${episode2}@19`)
    await expect.poll(() => accountPage(laptop.page, long.id)).toBe(`${episode2}@19`)

    // A second browser: sign in on the comic page, 'Continue Reading' opens episode 2 at page 20.
    const phone = await chromium.open()
    await prepareVisitor(phone.context)
    await phone.page.goto(comicUrl(long.id))
    await openSignIn(phone.page)
    await submitAuthModal(phone.page, email, PASSWORD, 'sign-in')
    await expect.poll(() => continueLink(phone.page, long.chapterTitles[1]!).count()).toBe(1)
    await continueLink(phone.page, long.chapterTitles[1]!).click()
    await phone.page.waitForURL(`${comicUrl(long.id)}/${episode2}`)
    await expect.poll(() => pageInView(phone.page)).toBe(19)
    // The second browser reads on to page 22: the account has it.
    await scrollToPage(phone.page, 21)
    await expect.poll(() => accountPage(phone.page, long.id)).toBe(`${episode2}@21`)

    // The first browser goes offline and reads further, to page 24: kept locally, not sent.
    await laptop.context.setOffline(true)
    await scrollToPage(laptop.page, 23)
    await expect.poll(() => storedPage(laptop.page, long.id)).toBe(`${episode2}@23`)
    // Online again: sent, and the account's older page 22 does not overwrite it.
    await laptop.context.setOffline(false)
    await expect.poll(() => accountPage(laptop.page, long.id), { timeout: 20_000 }).toBe(`${episode2}@23`)
    expect(await storedPage(laptop.page, long.id)).toBe(`${episode2}@23`)

    // The second browser takes the newer position on its next visit.
    await phone.page.goto(comicUrl(long.id))
    await expect.poll(() => storedPage(phone.page, long.id)).toBe(`${episode2}@23`)
    await continueLink(phone.page, long.chapterTitles[1]!).click()
    await phone.page.waitForURL(`${comicUrl(long.id)}/${episode2}`)
    await expect.poll(() => pageInView(phone.page)).toBe(23)
  })
})

describe('following a series', () => {
  test('follow a comic, an admin adds an episode: the account shows 1 new and the episode is marked NEW until read', async () => {
    const admin = await createUser(stack.emulatorHost, { email: uniqueEmail('admin'), password: PASSWORD, claims: { admin: true } })
    const [cover, pageImage] = await renderPngs(chromium.browser, [
      { name: 'cover.png', width: 600, height: 800, label: 'Cover' },
      { name: 'page.png', width: 800, height: 1200, label: 'Page' },
    ])
    const title = `Followed ${Date.now().toString(36)}`
    const [comic] = await adminPost(admin.idToken, '/comics', {
      title, description: 'A series with a new episode.', contentRating: 'T', genres: '[]', displayOnMirror: '1',
    }, [{ field: 'cover', image: cover! }])
    const addEpisode = async (n: number) => {
      const [chapter] = await adminPost(admin.idToken, '/chapters', {
        comicsId: comic!.id,
        chapters: JSON.stringify([{ title: `Episode ${n}`, chapterNumber: n, isFree: true }]),
      })
      // The mirror host reads the legal edition (core assetVariant).
      await adminPost(admin.idToken, `/comics/${comic!.id}/assets/legal`, { chapterId: chapter!.id }, [{ field: 'files', image: pageImage! }])
      return chapter!.id
    }
    await addEpisode(1)

    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(`${stack.mirrorOrigin}/`)
    await signUpByEmail(page, uniqueEmail('follower'))
    await page.goto(comicUrl(comic!.id))
    const follow = page.getByRole('button', { name: 'Follow', exact: true })
    await expect.poll(() => follow.isEnabled()).toBe(true)
    await follow.click()
    await expect.poll(() => page.getByRole('button', { name: 'Following', pressed: true }).isVisible()).toBe(true)

    const fresh = await addEpisode(2)
    await page.goto(`${stack.mirrorOrigin}/account`)
    const followed = page.locator('.comics-followed__item').filter({ hasText: title })
    await expect.poll(() => followed.textContent()).toContain('1 new')

    await followed.getByRole('link', { name: title }).click()
    await page.waitForURL(comicUrl(comic!.id))
    const rows = page.locator('.comics-episode-row')
    await expect.poll(() => rows.count()).toBe(2)
    await expect.poll(() => rows.nth(1).getAttribute('data-new')).toBe('true')
    expect(await rows.nth(1).textContent()).toContain('NEW')
    expect(await rows.nth(0).getAttribute('data-new')).toBeNull()

    // Reading it clears the mark, on the comic page and in the account.
    await rows.nth(1).getByRole('link', { name: 'Open' }).click()
    await page.waitForURL(`${comicUrl(comic!.id)}/${fresh}`)
    await expect.poll(() => firstPageLoaded(page)).toBe(true)
    await expect.poll(() => storedPage(page, comic!.id)).toBe(`${fresh}@0`)
    await page.goto(comicUrl(comic!.id))
    await expect.poll(() => rows.count()).toBe(2)
    await expect.poll(() => page.locator('.comics-episode-row[data-new="true"]').count()).toBe(0)
    await expect.poll(async () => {
      await page.goto(`${stack.mirrorOrigin}/account`)
      await page.locator('.comics-followed__item').first().waitFor()
      return followed.textContent()
    }, { timeout: 30_000 }).toContain('Up to date')
  })
})
