import { mkdirSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { createUser } from '@comics/auth-emulator'
import { chromiumPerFile } from '@comics/test-stack/browser'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, signUpByEmail, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const chromium = chromiumPerFile()
const comic = stack.catalogue.mirrorComic
const HOUR = 3_600_000
let adminToken: string

const moveApiClock = (ms: number) => writeFileSync(stack.apiClockOffsetFile, String(ms))
const setWait = async (waitHours: number) => {
  const response = await fetch(`${stack.apiUrl}/api/v1/admin/comics/${comic.id}/wait-for-free`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ waitHours, newestExcluded: 0 }),
  })
  expect(response.status, await response.text()).toBe(200)
}
const episodeUrl = (n: number) => `${stack.mirrorOrigin}/comic/${comic.id}/${comic.chapterIds[n - 1]}`
const firstPage = (page: Page) => page.getByRole('img', { name: /^Page 1 of \d+$/ })
const unlockFree = (page: Page) => page.getByRole('button', { name: 'Unlock free now' })
const countdown = (page: Page) => page.locator('.comics-wait-for-free').first().textContent()

/** The states of the screens at a phone's and a desktop's width, kept with the test results. */
async function screenshots(page: Page, name: string) {
  const folder = new URL('../../test-results/screenshots/', import.meta.url)
  mkdirSync(folder, { recursive: true })
  const viewport = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 })
    await page.screenshot({ path: new URL(`wait-for-free-${name}-${width}.png`, folder).pathname })
  }
  if (viewport) await page.setViewportSize(viewport)
}

beforeAll(async () => {
  expect(comic.chapterIds.length).toBeGreaterThanOrEqual(6)
  moveApiClock(0)
  adminToken = (await createUser(stack.emulatorHost, { email: uniqueEmail('wait-admin'), password: 'secret-123', claims: { admin: true } })).idToken
  await setWait(24)
})
afterAll(async () => {
  moveApiClock(0)
  await setWait(0)
})

describe('free after a wait', () => {
  test('the free unlock opens episode 4, the next waits again and counts down by the server clock, and two tabs racing get one', async () => {
    const { page } = await chromium.open()
    await prepareVisitor(page.context())
    await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    await signUpByEmail(page, uniqueEmail('wait'))
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Account' }).isVisible()).toBe(true)

    // The comic page says when the next free episode is ready: now.
    if (new URL(page.url()).pathname !== `/comic/${comic.id}`) await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    const card = page.getByRole('region', { name: 'Next free episode' })
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('Free now')
    await screenshots(page, 'comic-free-now')

    // Episode 4: unlocked free, and read.
    await page.goto(episodeUrl(4))
    await expect.poll(() => unlockFree(page).isVisible(), { timeout: 15_000 }).toBe(true)
    await screenshots(page, 'reader-free-now')
    await unlockFree(page).click()
    await expect.poll(() => firstPage(page).isVisible(), { timeout: 20_000 }).toBe(true)

    // Episode 5 waits again: a whole day on the server's clock, no free unlock offered.
    await page.goto(episodeUrl(5))
    await expect.poll(() => countdown(page), { timeout: 15_000 }).toMatch(/^Free in (24:00|23:59)$/)
    expect(await unlockFree(page).count()).toBe(0)
    await screenshots(page, 'reader-waiting')
    await page.goto(`${stack.mirrorOrigin}/comic/${comic.id}`)
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/Free in (24:00|23:59)/)
    await screenshots(page, 'list-waiting')
    await page.goto(episodeUrl(5))

    // The server's clock moves to ten minutes before the timer is ready; the page's own clock then runs on (a
    // controlled clock: a slow machine cannot eat the last seconds before they are seen) and the count runs
    // down to 'Free now' live, without a reload. The server's clock passes the moment before it does, as it
    // would have in real time.
    await page.clock.install()
    moveApiClock(24 * HOUR - 10 * 60_000)
    await page.reload()
    await expect.poll(() => countdown(page), { timeout: 15_000 }).toMatch(/^Free in 00:(10|09)$/)
    await page.clock.fastForward(10 * 60_000 - 30_000)
    await expect.poll(() => countdown(page), { timeout: 15_000 }).toBe('Free in 00:01')
    moveApiClock(24 * HOUR + 1_000)
    await page.clock.fastForward(31_000)
    await expect.poll(() => countdown(page), { timeout: 15_000 }).toBe('Free now')

    // Two tabs race the free unlock (episodes 5 and 6): exactly one opens.
    const other = await page.context().newPage()
    await other.goto(episodeUrl(6))
    await expect.poll(() => unlockFree(other).isVisible(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => unlockFree(page).isVisible(), { timeout: 15_000 }).toBe(true)
    await Promise.all([unlockFree(page).click(), unlockFree(other).click()])
    const opened = async () => (await firstPage(page).isVisible() ? 1 : 0) + (await firstPage(other).isVisible() ? 1 : 0)
    await expect.poll(opened, { timeout: 20_000 }).toBe(1)
    const refused = (await firstPage(page).isVisible()) ? other : page
    await expect.poll(() => refused.getByText('The free episode could not be unlocked. Please try again.').isVisible(), { timeout: 15_000 }).toBe(true)
    // Still exactly one after the losing tab settles and reloads: it waits again.
    await refused.reload()
    await expect.poll(() => countdown(refused), { timeout: 15_000 }).toMatch(/^Free in (24:00|23:59)$/)
    expect(await firstPage(refused).isVisible()).toBe(false)
  })
})
