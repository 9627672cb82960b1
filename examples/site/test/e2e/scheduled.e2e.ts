import { writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { createUser } from '@comics/auth-emulator'
import { appRunning, chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { renderPngs } from '@comics/test-stack/pageImages'
import { requestWithHost } from '@comics/test-stack/requestWithHost'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, submitAuthModal, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const chromium = chromiumPerFile()
const HOUR = 3_600_000
const adultHost = `adult.localhost:${stack.sitePort}`
let visit: WatchedPage
let adminToken: string
const adminEmail = uniqueEmail('scheduler')
const ADMIN_PASSWORD = 'secret-123'
let comicId: string
/** Episode ids by number; episode 2 comes out an hour after the test starts. */
const episode: Record<number, string> = {}

const moveApiClock = (ms: number) => writeFileSync(stack.apiClockOffsetFile, String(ms))

async function adminCall(method: 'POST' | 'PATCH', path: string, form: FormData) {
  const response = await fetch(`${stack.apiUrl}/api/v1${path}`, { method, body: form, headers: { authorization: `Bearer ${adminToken}` } })
  const text = await response.text()
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as { data: Record<string, unknown>[] }
}

const formOf = (fields: Record<string, string>, files: { field: string; name: string; buffer: Buffer }[] = []) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.buffer)], { type: 'image/png' }), file.name)
  return form
}

/** The episodes of the comic as the API lists them to a guest on the adult host. */
async function guestChapterNumbers(): Promise<{ numbers: number[]; total: number }> {
  const response = await requestWithHost(`${stack.apiUrl}/api/v1/chapters/list`, {
    host: adultHost,
    body: { limit: 200, offset: 0, filters: { comicsId: [comicId] } },
  })
  const body = JSON.parse(response.body) as { data: { chapterNumber: number }[]; total: number }
  return { numbers: body.data.map((c) => c.chapterNumber), total: body.total }
}

beforeAll(async () => {
  moveApiClock(0)
  const admin = await createUser(stack.emulatorHost, { email: adminEmail, password: ADMIN_PASSWORD, claims: { admin: true } })
  adminToken = admin.idToken
  const [cover, ...pages] = await renderPngs(chromium.browser, [
    { name: 'cover.png', width: 600, height: 800, label: 'Scheduled' },
    ...[1, 2, 3, 4, 5].map((n) => ({ name: `page-${n}.png`, width: 800, height: 1200, label: `Episode ${n}` })),
  ])
  const comic = await adminCall('POST', '/comics', formOf({ title: `Scheduled ${Date.now().toString(36)}`, contentRating: 'AO', genres: '[]' }, [
    { field: 'cover', name: 'cover.png', buffer: cover!.buffer },
  ]))
  comicId = comic.data[0]!.id as string
  const inAnHour = new Date(Date.now() + HOUR).toISOString()
  const chapters = [1, 2, 3, 4, 5].map((n) => ({
    title: `Episode ${n}`,
    chapterNumber: n,
    isFree: n <= 3,
    ...(n === 2 ? { publishAt: inAnHour } : {}),
  }))
  const created = await adminCall('POST', '/chapters', formOf({ comicsId: comicId, chapters: JSON.stringify(chapters) }))
  for (const chapter of created.data) episode[chapter.chapterNumber as number] = chapter.id as string
  for (const n of [1, 2, 3, 4, 5]) {
    await adminCall('POST', `/comics/${comicId}/assets/censored`, formOf({ chapterId: episode[n]! }, [{ field: 'files', name: `page-${n}.png`, buffer: pages[n - 1]!.buffer }]))
  }
})
afterAll(() => moveApiClock(0))

const rowsLocked = async (page: Page) => {
  const rows = page.locator('.comics-episode-list .comics-episode-row')
  return rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-locked')))
}

describe('a scheduled episode', () => {
  test('is previewed by an admin in the real reader under a preview banner, and by no one else', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    const previewUrl = `${stack.adultOrigin}/admin/preview/${comicId}/${episode[2]}`
    await page.goto(previewUrl)
    // A guest gets the admin screen's refusal, and no page of the episode.
    await expect.poll(() => page.getByRole('heading', { name: 'Not allowed' }).isVisible()).toBe(true)
    expect(await page.getByRole('img', { name: /^Page 1 of/ }).count()).toBe(0)
    await page.getByRole('button', { name: 'Sign In' }).last().click()
    await submitAuthModal(page, adminEmail, ADMIN_PASSWORD, 'sign-in')
    await expect.poll(() => page.getByText('Preview: this is the episode as readers will see it').isVisible(), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => page.getByRole('img', { name: 'Page 1 of 1' }).isVisible()).toBe(true)
    // The reader's header names the episode once the admin's list of every episode has arrived.
    await expect.poll(() => page.getByText('Episode 2', { exact: true }).isVisible()).toBe(true)
    expect(visit.pageErrors).toEqual([])
  })

  test('is absent for guests and readers until its time (lists, count, Next, lock positions), then appears in its place', async () => {
    // The API's lists.
    expect(await guestChapterNumbers()).toEqual({ numbers: [1, 3, 4, 5], total: 4 })

    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(`${stack.adultOrigin}/comic/${comicId}`)
    await expect.poll(() => page.getByRole('heading', { name: '4 Episodes' }).isVisible()).toBe(true)
    expect(await page.getByText('Episode 2', { exact: true }).count()).toBe(0)
    // Episode 4 is the third published one: free; episode 5 the first locked.
    expect(await rowsLocked(page)).toEqual(['false', 'false', 'false', 'true'])

    // The reader's Next skips it.
    await page.goto(`${stack.adultOrigin}/comic/${comicId}/${episode[1]}`)
    const next = page.getByRole('button', { name: 'Next', exact: true })
    // The server-rendered reader's buttons answer once the app runs it.
    await appRunning(page)
    await expect.poll(() => next.isEnabled()).toBe(true)
    await next.click()
    await page.waitForURL(`${stack.adultOrigin}/comic/${comicId}/${episode[3]}`)
    // Opened by its address, it is not there.
    await page.goto(`${stack.adultOrigin}/comic/${comicId}/${episode[2]}`)
    await expect.poll(() => page.getByRole('img', { name: /^Page 1 of/ }).count()).toBe(0)

    // Its time comes.
    moveApiClock(HOUR + 60_000)
    expect(await guestChapterNumbers()).toEqual({ numbers: [1, 2, 3, 4, 5], total: 5 })
    await page.goto(`${stack.adultOrigin}/comic/${comicId}`)
    await expect.poll(() => page.getByRole('heading', { name: '5 Episodes' }).isVisible()).toBe(true)
    expect(await rowsLocked(page)).toEqual(['false', 'false', 'false', 'true', 'true'])
    await page.goto(`${stack.adultOrigin}/comic/${comicId}/${episode[1]}`)
    await appRunning(page)
    await expect.poll(() => next.isEnabled()).toBe(true)
    await next.click()
    await page.waitForURL(`${stack.adultOrigin}/comic/${comicId}/${episode[2]}`)
    await expect.poll(() => page.getByRole('img', { name: /^Page 1 of 1$/ }).isVisible()).toBe(true)

    expect(visit.pageErrors).toEqual([])
  })
})
