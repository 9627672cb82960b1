import { setTimeout as delay } from 'node:timers/promises'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { createUser } from '@comics/auth-emulator'
import { chromiumPerFile, type WatchedPage } from '@comics/test-stack/browser'
import { renderPngs, type ImageFile } from '@comics/test-stack/pageImages'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, submitAuthModal, uniqueEmail } from '@comics/test-stack/visitor'

const stack = e2eStack()
const chromium = chromiumPerFile()
const adminEmail = uniqueEmail('studio')
const ADMIN_PASSWORD = 'secret-123'
const title = `Studio ${Date.now().toString(36)}`
let comicId: string
let chapterId: string
/** page-1.png … page-12.png, each as tall as 600 + 10 × its number, so a reader's page tells which file it is. */
let files: ImageFile[]
const heightOf = (n: number) => 600 + 10 * n
const SHUFFLED = [7, 12, 1, 10, 3, 5, 11, 2, 9, 4, 8, 6]

async function adminCall(token: string, path: string, form: FormData) {
  const response = await fetch(`${stack.apiUrl}/api/v1${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
  const text = await response.text()
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as { data: Record<string, unknown>[] }
}

beforeAll(async () => {
  const admin = await createUser(stack.emulatorHost, { email: adminEmail, password: ADMIN_PASSWORD, claims: { admin: true } })
  const comicForm = new FormData()
  comicForm.append('title', title)
  comicForm.append('contentRating', 'AO')
  comicForm.append('genres', '[]')
  comicId = (await adminCall(admin.idToken, '/comics', comicForm)).data[0]!.id as string
  const chapterForm = new FormData()
  chapterForm.append('comicsId', comicId)
  // Episode 1 is published now; 2 is scheduled a day ahead; 3 is a draft.
  chapterForm.append(
    'chapters',
    JSON.stringify([
      { title: 'Episode 1', chapterNumber: 1, isFree: true },
      { title: 'Episode 2', chapterNumber: 2, isFree: true, publishAt: new Date(Date.now() + 86_400_000).toISOString() },
      { title: 'Episode 3', chapterNumber: 3, isFree: true, publishAt: null },
    ]),
  )
  const created = (await adminCall(admin.idToken, '/chapters', chapterForm)).data
  chapterId = created.find((chapter) => chapter.chapterNumber === 1)!.id as string
  files = await renderPngs(
    chromium.browser,
    Array.from({ length: 12 }, (_, i) => ({ name: `page-${i + 1}.png`, width: 400, height: heightOf(i + 1), label: `Page ${i + 1}` })),
  )
})

/** Drops files on the uploader's drop zone as a browser drop does (a DataTransfer with the files). */
async function dropFiles(page: Page, dropped: ImageFile[]) {
  const payload = dropped.map((file) => ({ name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') }))
  await page.locator('.comics-page-uploader__zone').evaluate((zone, items) => {
    const data = new DataTransfer()
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0))
      data.items.add(new File([bytes], item.name, { type: item.type }))
    }
    zone.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: data }))
    zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }))
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }))
  }, payload)
}

const shownNames = (page: Page) => page.locator('.comics-page-uploader__name').allTextContents()
const statuses = (page: Page) => page.locator('.comics-page-uploader__page').evaluateAll((items) => items.map((item) => item.getAttribute('data-status')))

describe("the creator's studio", () => {
  let visit: WatchedPage

  test('an admin drops 12 pages in any order, sees them sorted, moves one by keyboard, watches the progress, loses the network midway and retries only what failed; readers get the chosen order', async () => {
    visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(`${stack.adultOrigin}/admin`)
    await page.getByRole('button', { name: 'Sign In' }).last().click()
    await submitAuthModal(page, adminEmail, ADMIN_PASSWORD, 'sign-in')
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Admin' }).isVisible(), { timeout: 20_000 }).toBe(true)
    const find = page.getByRole('search', { name: 'Find comics' })
    await find.getByLabel('Find by title').fill(title)
    // Its episode 3 is a draft: among the comics with drafts, not among those without.
    await find.getByLabel('Drafts').selectOption('without')
    await expect.poll(() => page.getByText('No comic matches.').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: title }).count()).toBe(0)
    await find.getByLabel('Drafts').selectOption('with')
    await page.getByRole('button', { name: title }).click()
    // The episodes' list tells published, scheduled and draft apart.
    await expect.poll(() => page.getByRole('form', { name: 'Episode 3' }).isVisible(), { timeout: 20_000 }).toBe(true)
    const tagOf = (n: number) => page.getByRole('form', { name: `Episode ${n}` }).locator('.site-admin__tag[data-status]').textContent()
    expect(await tagOf(1)).toBe('Published')
    expect(await tagOf(2)).toMatch(/^Scheduled for /)
    expect(await tagOf(3)).toBe('Draft')
    const upload = page.getByRole('form', { name: 'Upload pages' })
    await expect.poll(() => upload.isVisible(), { timeout: 20_000 }).toBe(true)
    await upload.getByRole('combobox', { name: /^Episode/ }).selectOption({ label: '#1 Episode 1' })
    // The variants in a creator's words; the values stay the contract's.
    expect(await upload.getByLabel('Variant').locator('option').evaluateAll((options) => options.map((option) => [(option as HTMLOptionElement).value, option.textContent]))).toEqual([
      ['censored', 'Adult site, censored (every reader)'],
      ['uncensored', 'Adult site, uncensored (top plans)'],
      ['legal', 'General site, safe for all audiences'],
    ])
    await upload.getByLabel('Variant').selectOption('censored')

    // Every page upload that reaches the network, by file name; each waits a while (a slow line), and
    // once the line is cut, fails as a dropped connection does.
    const sent: string[] = []
    let cut = false
    await page.route(`**/api/v1/comics/${comicId}/chapters/${chapterId}/pages/censored`, async (route) => {
      const name = /filename="([^"]+)"/.exec(route.request().postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? '?'
      sent.push(name)
      if (cut) return route.abort('internetdisconnected')
      await delay(600)
      return route.continue()
    })

    await dropFiles(page, SHUFFLED.map((n) => files[n - 1]!))
    const natural = Array.from({ length: 12 }, (_, i) => `page-${i + 1}.png`)
    await expect.poll(() => shownNames(page)).toEqual(natural)
    // Thumbnails at once, from the files themselves, decoded lazily.
    const thumbs = page.locator('.comics-page-uploader__thumb')
    expect(await thumbs.evaluateAll((images) => images.map((image) => [image.getAttribute('src')!.slice(0, 5), image.getAttribute('loading'), image.getAttribute('decoding')]))).toEqual(
      natural.map(() => ['blob:', 'lazy', 'async']),
    )

    // page-9 goes two places up with the keyboard; the move is announced.
    await upload.getByRole('button', { name: 'Move page-9.png', exact: true }).focus()
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    const chosen = ['page-1.png', 'page-2.png', 'page-3.png', 'page-4.png', 'page-5.png', 'page-6.png', 'page-9.png', 'page-7.png', 'page-8.png', 'page-10.png', 'page-11.png', 'page-12.png']
    await expect.poll(() => shownNames(page)).toEqual(chosen)
    await expect.poll(() => upload.getByText('page-9.png moved to page 7 of 12').count()).toBe(1)
    expect(await upload.getByRole('button', { name: 'Move page-9.png', exact: true }).evaluate((handle) => handle === document.activeElement)).toBe(true)

    await upload.getByRole('button', { name: 'Upload pages' }).click()
    // The progress shows: a file on its way, the episode's bar between empty and full, the count going up.
    const episodeBar = upload.getByRole('progressbar', { name: 'Episode upload' })
    await expect.poll(() => upload.locator('[data-status="uploading"]').count()).toBe(1)
    await expect.poll(() => upload.getByText('3 of 12 pages sent').isVisible(), { timeout: 20_000 }).toBe(true)
    const percent = Number(await episodeBar.getAttribute('value'))
    expect(percent).toBeGreaterThan(0)
    expect(percent).toBeLessThan(100)

    // The line goes down midway.
    await expect.poll(() => upload.getByText('6 of 12 pages sent').isVisible(), { timeout: 20_000 }).toBe(true)
    cut = true
    await expect.poll(() => upload.getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(/pages? (was|were) not sent/)
    const afterCut = await statuses(page)
    const finished = chosen.filter((_, i) => afterCut[i] === 'done')
    const failed = chosen.filter((_, i) => afterCut[i] === 'failed')
    expect(finished.length).toBeGreaterThanOrEqual(6)
    expect(failed.length).toBeGreaterThan(0)
    expect(finished.length + failed.length).toBe(12)
    expect(await upload.getByText('Pages saved in this order.').count()).toBe(0)

    // Back online: the retry sends the failed files alone, and then the order.
    cut = false
    const beforeRetry = sent.length
    await upload.getByRole('button', { name: 'Retry failed pages' }).click()
    await expect.poll(() => upload.getByText('Pages saved in this order.').isVisible(), { timeout: 30_000 }).toBe(true)
    expect(sent.slice(beforeRetry)).toEqual(failed)
    for (const name of finished) expect(sent.filter((n) => n === name), name).toHaveLength(1)
    expect(await episodeBar.getAttribute('value')).toBe('100')
    expect(visit.pageErrors).toEqual([])

    // A guest reads the published episode: its pages in the chosen order.
    const reader = await chromium.open()
    await prepareVisitor(reader.context)
    await reader.page.goto(`${stack.adultOrigin}/comic/${comicId}/${chapterId}`)
    await expect.poll(() => reader.page.getByRole('img', { name: 'Page 1 of 12' }).isVisible(), { timeout: 20_000 }).toBe(true)
    const heights: number[] = []
    for (let n = 1; n <= 12; n += 1) heights.push(Number(await reader.page.getByRole('img', { name: `Page ${n} of 12` }).getAttribute('height')))
    expect(heights).toEqual(chosen.map((name) => heightOf(Number(/\d+/.exec(name)![0]))))
    expect(reader.pageErrors).toEqual([])

    // After a reload the studio shows the episode's 12 saved pages, to move again with no upload.
    await page.reload()
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Admin' }).isVisible(), { timeout: 20_000 }).toBe(true)
    await page.getByRole('search', { name: 'Find comics' }).getByLabel('Find by title').fill(title)
    await page.getByRole('button', { name: title }).click()
    await expect.poll(() => upload.isVisible(), { timeout: 20_000 }).toBe(true)
    await upload.getByRole('combobox', { name: /^Episode/ }).selectOption({ label: '#1 Episode 1' })
    await upload.getByLabel('Variant').selectOption('censored')
    await expect.poll(() => shownNames(page)).toEqual(chosen.map((_, i) => `Saved page ${i + 1}`))
    expect(await upload.getByText('No pages yet', { exact: false }).count()).toBe(0)
    const uploadsBefore = sent.length
    await upload.getByRole('button', { name: 'Move Saved page 1', exact: true }).focus()
    await page.keyboard.press('End')
    await upload.getByRole('button', { name: 'Save page order' }).click()
    await expect.poll(() => upload.getByText('Pages saved in this order.').isVisible()).toBe(true)
    expect(sent.length).toBe(uploadsBefore)
    expect(visit.pageErrors).toEqual([])
  })
})
