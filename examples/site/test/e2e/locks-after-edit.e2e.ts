import { createUser } from '@comics/auth-emulator'
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { appRunning, chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { renderPngs, type ImageFile } from '@comics/test-stack/pageImages'
import { apiCalls } from '@comics/test-stack/apiCalls'
import { e2eStack } from '@comics/test-stack/stack'
import { requestWithHost } from '@comics/test-stack/requestWithHost'
import { prepareVisitor, uniqueEmail, PASSWORD } from '@comics/test-stack/visitor'

const stack = e2eStack()
const { adminPost } = apiCalls(stack.apiUrl)
const chromium = chromiumPerFile()
let visit: WatchedPage

/** The lock of each row of the reader's episode list, in order ('false' open, 'true' locked). */
async function episodeLocks(page: Page): Promise<string[]> {
  // The server-rendered reader's buttons answer once the app runs it.
  await appRunning(page)
  await page.getByRole('button', { name: 'List Episodes' }).click()
  const list = page.getByRole('dialog', { name: 'List Episodes' })
  await expect.poll(() => list.isVisible()).toBe(true)
  const rows = list.getByRole('listitem')
  const locks: string[] = []
  for (let index = 0; index < (await rows.count()); index++) locks.push((await rows.nth(index).getAttribute('data-locked')) ?? '')
  await list.getByRole('button', { name: 'Close' }).click()
  await expect.poll(() => list.isVisible()).toBe(false)
  return locks
}

describe('locks after an admin edit', () => {
  test("an episode inserted with a lower number moves a guest's lock icons and Next at once", async () => {
    const admin = await createUser(stack.emulatorHost, { email: uniqueEmail('admin'), password: PASSWORD, claims: { admin: true } })
    const [cover, pageImage] = await renderPngs(chromium.browser, [
      { name: 'cover.png', width: 600, height: 800, label: 'Cover' },
      { name: 'page.png', width: 800, height: 1200, label: 'Page' },
    ])
    const [comic] = await adminPost(admin.idToken, '/comics', {
      title: `Locks move ${Date.now().toString(36)}`,
      description: 'Episodes inserted before the first.',
      contentRating: 'AO',
      genres: '["1"]',
      displayOnMirror: '0',
    }, [{ field: 'cover', image: cover! }])
    const addEpisodes = async (numbers: number[]) => {
      const created = await adminPost(admin.idToken, '/chapters', {
        comicsId: comic!.id,
        chapters: JSON.stringify(numbers.map((n) => ({ title: `Episode ${n}`, chapterNumber: n, isFree: false }))),
      })
      for (const chapter of created) {
        await adminPost(admin.idToken, `/comics/${comic!.id}/assets/censored`, { chapterId: chapter.id }, [{ field: 'files', image: pageImage! }])
      }
      return new Map(created.map((chapter) => [chapter.chapterNumber!, chapter.id]))
    }
    const ids = await addEpisodes([10, 20, 30, 40])

    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    const next = page.getByRole('button', { name: 'Next', exact: true })
    // Episode 20 is the second of four: the third (30) is still free, so Next is open.
    await page.goto(`${stack.adultOrigin}/comic/${comic!.id}/${ids.get(20)}`)
    await expect.poll(() => page.getByText('Episode 20', { exact: true }).first().isVisible()).toBe(true)
    await expect.poll(() => next.isEnabled()).toBe(true)
    expect(await episodeLocks(page)).toEqual(['false', 'false', 'false', 'true'])

    const [, insertedId] = [...(await addEpisodes([5]))][0]!
    await page.reload()
    await expect.poll(() => page.getByText('Episode 20', { exact: true }).first().isVisible()).toBe(true)
    // Episode 20 is now the third: the last free one, so Next is closed and 30 carries a lock.
    await expect.poll(() => next.isDisabled()).toBe(true)
    expect(await episodeLocks(page)).toEqual(['false', 'false', 'false', 'true', 'true'])

    // The API agrees: a guest is refused the pages of 30 and given those of 5 and 20.
    const guestPages = (chapterId: string) =>
      requestWithHost(`${stack.apiUrl}/api/v1/comics-assets/list`, {
        host: new URL(stack.adultOrigin).host,
        body: { limit: 200, offset: 0, filters: { chapterId: [chapterId], variant: ['censored'] } },
      })
    expect((await guestPages(ids.get(30)!)).status).toBe(401)
    expect((await guestPages(ids.get(20)!)).status).toBe(200)
    expect((await guestPages(insertedId)).status).toBe(200)

    // The comic leaves the run's catalogue, so the other journeys see the seeded one.
    const deleted = await fetch(`${stack.apiUrl}/api/v1/comics`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [comic!.id] }),
    })
    expect(deleted.status).toBe(200)
  })
})
