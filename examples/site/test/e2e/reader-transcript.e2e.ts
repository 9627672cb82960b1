import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { createUser } from '@comics/auth-emulator'
import type { Asset, Transcript } from '@comics/core'
import { appRunning, chromiumPerFile } from '@comics/test-stack/browser'
import { renderPngs } from '@comics/test-stack/pageImages'
import { requestWithHost } from '@comics/test-stack/requestWithHost'
import { screenshotLayout, screenshotPhoneAndDesktop } from '@comics/test-stack/screenshots'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, submitAuthModal, uniqueEmail } from '@comics/test-stack/visitor'

// Accessible episodes: a page image is named by its alt text (else "Page n of m"), and the reader's
// Transcript reads the episode in order. The seed writes both for the first episode of each comic: alt
// text on its pages after the first, and a transcript.

const stack = e2eStack()
const comic = stack.catalogue.mirrorComic
const mirrorHost = new URL(stack.mirrorOrigin).host
const readerUrl = (index: number) => `${stack.mirrorOrigin}/comic/${comic.id}/${comic.chapterIds[index]}`
const chromium = chromiumPerFile()
// axe-core's own browser build, run in the page through the DevTools protocol (which the page's CSP does not govern).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** What the API answers for the episode, asked as a guest on the mirror host. */
async function fromApi<T>(path: string, body?: unknown): Promise<{ status: number; data: T[] }> {
  const response = await requestWithHost(`${stack.apiUrl}/api/v1${path}`, { host: mirrorHost, body })
  return { status: response.status, data: response.status === 200 ? (JSON.parse(response.body) as { data: T[] }).data : [] }
}

/** The accessibility violations axe finds in the page as it is now (every rule axe runs by default). */
async function axeViolations(page: Page): Promise<{ id: string; help: string; nodes: string[] }[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe
    const { violations } = await axe.run(document)
    return violations.map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(' ')) }))
  })
}

/** How the Transcript reads an entry: the speaker (or the kind) first, then the words. */
const KINDS = { narration: 'Narration', description: 'Description', sound: 'Sound' } as const
const spoken = (entry: Transcript['entries'][number]) =>
  `${entry.kind === 'dialogue' ? entry.speaker : (entry.speaker ?? KINDS[entry.kind])}: ${entry.text}`

describe('an episode written for readers who do not see it', () => {
  test('names its pages by their alt text, and its Transcript, reached by role and name, reads the episode in order with axe at 0', async () => {
    const chapterId = comic.chapterIds[0]!
    const pages = await fromApi<Asset>('/comics-assets/list', { limit: 200, offset: 0, filters: { chapterId: [chapterId], variant: ['legal'] }, sort: { field: 'position', order: 'asc' } })
    expect(pages.status).toBe(200)
    const described = pages.data.filter((asset) => asset.alt)
    const undescribed = pages.data.filter((asset) => !asset.alt)
    expect(described.length).toBeGreaterThan(0)
    expect(undescribed.length).toBeGreaterThan(0)
    const { data: [transcript] } = await fromApi<Transcript>(`/chapters/${chapterId}/transcript`)
    expect(transcript!.entries.length).toBeGreaterThan(3)

    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(readerUrl(0))
    await appRunning(page)

    // A page with alt text is named by it; one without by its place.
    const total = pages.data.length
    const [firstDescribed] = described
    await page.locator('.comics-reader__main').evaluate((strip) => strip.scrollBy(0, 400))
    await expect.poll(() => page.getByRole('img', { name: firstDescribed!.alt!, exact: true }).count()).toBe(1)
    const [firstUndescribed] = undescribed
    await expect.poll(() => page.getByRole('img', { name: `Page ${firstUndescribed!.position} of ${total}`, exact: true }).count()).toBe(1)
    // Every page image of the strip is named by the one or the other.
    await expect
      .poll(() => page.locator('.comics-reader__image').evaluateAll((images) => images.map((image) => image.getAttribute('alt'))))
      .toEqual(pages.data.map((asset, index) => asset.alt ?? `Page ${index + 1} of ${total}`))
    expect(await axeViolations(page)).toEqual([])

    // By keyboard, as a screen reader's user reaches it: the header, hidden while reading, shows on focus.
    const button = page.getByRole('button', { name: 'Transcript', exact: true })
    await button.focus()
    await expect.poll(() => page.locator('.comics-reader__header').getAttribute('data-state')).toBe('visible')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Transcript' })
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(transcript!.entries.length)
    // One heading per page, in page order, and the entries in the order they were written.
    const pagesWithEntries = [...new Set(transcript!.entries.map((entry) => entry.page))].sort((a, b) => a - b)
    expect(await dialog.getByRole('heading', { level: 3 }).allTextContents()).toEqual(pagesWithEntries.map((n) => `Page ${n}`))
    const byPage = pagesWithEntries.flatMap((n) => transcript!.entries.filter((entry) => entry.page === n))
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual(byPage.map(spoken))
    // A speaker's name is read before the words, as the accessibility tree has it.
    const firstDialogue = byPage.find((entry) => entry.kind === 'dialogue')!
    expect(await dialog.getByRole('listitem').filter({ hasText: firstDialogue.text }).first().evaluate((item) => item.textContent)).toBe(spoken(firstDialogue))
    expect(await axeViolations(page)).toEqual([])

    await screenshotPhoneAndDesktop(page, 'reader-transcript')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true)

    // On the narrowest phone the header keeps its one row: the button whole in the window, nothing cut.
    await page.setViewportSize({ width: 320, height: 640 })
    await page.locator('.comics-reader__main').evaluate((strip) => strip.scrollTo(0, 0))
    await expect.poll(() => page.locator('.comics-reader__header').getAttribute('data-state')).toBe('visible')
    const box = await button.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 320 && box.width >= 40).toBe(true)
    expect(await page.locator('.comics-reader__header').evaluate((header) => header.scrollWidth <= header.clientWidth)).toBe(true)
    await screenshotLayout(page, 'reader-transcript-header-320')
    await screenshotPhoneAndDesktop(page, 'reader-transcript-header')
  })

  test('is locked with its episode: a guest gets no Transcript of a locked episode, nor its text from the API', async () => {
    const locked = comic.chapterIds[3]!
    const refused = await requestWithHost(`${stack.apiUrl}/api/v1/chapters/${locked}/transcript`, { host: mirrorHost })
    expect(refused.status).toBe(401)
    const visit = await chromium.open()
    await prepareVisitor(visit.context)
    const { page } = visit
    await page.goto(readerUrl(3))
    await appRunning(page)
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).first().isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Transcript', exact: true }).count()).toBe(0)
  })
})

describe("written in the creator's studio", () => {
  test('an admin describes a page and writes a line of the transcript; a reader hears both', async () => {
    const password = 'secret-123'
    const email = uniqueEmail('a11y-studio')
    const admin = await createUser(stack.emulatorHost, { email, password, claims: { admin: true } })
    const adminCall = async (path: string, form: FormData) => {
      const response = await fetch(`${stack.apiUrl}/api/v1${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin.idToken}` } })
      const text = await response.text()
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`)
      return (JSON.parse(text) as { data: Record<string, unknown>[] }).data
    }
    const title = `Described ${Date.now().toString(36)}`
    const comicForm = new FormData()
    for (const [name, value] of Object.entries({ title, description: 'Two pages, told.', contentRating: 'T', genres: '[]', displayOnMirror: '1' })) comicForm.append(name, value)
    const comicId = (await adminCall('/comics', comicForm))[0]!.id as string
    const chapterForm = new FormData()
    chapterForm.append('comicsId', comicId)
    chapterForm.append('chapters', JSON.stringify([{ title: 'Episode 1', chapterNumber: 1, isFree: true }]))
    const chapterId = (await adminCall('/chapters', chapterForm))[0]!.id as string
    const images = await renderPngs(chromium.browser, [1, 2].map((n) => ({ name: `page-${n}.png`, width: 400, height: 600, label: `Page ${n}` })))
    for (const image of images) {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name)
      await adminCall(`/comics/${comicId}/chapters/${chapterId}/pages/legal`, form)
    }

    const studio = await chromium.open()
    await prepareVisitor(studio.context)
    await studio.page.goto(`${stack.adultOrigin}/admin`)
    await studio.page.getByRole('button', { name: 'Sign In' }).last().click()
    await submitAuthModal(studio.page, email, password, 'sign-in')
    await expect.poll(() => studio.page.getByRole('heading', { level: 1, name: 'Admin' }).isVisible(), { timeout: 20_000 }).toBe(true)
    await studio.page.getByRole('search', { name: 'Find comics' }).getByLabel('Find by title').fill(title)
    await studio.page.getByRole('button', { name: title }).click()
    const alt = studio.page.getByRole('form', { name: 'Alt text of the pages' })
    await expect.poll(() => alt.isVisible(), { timeout: 20_000 }).toBe(true)
    const described = 'A girl on a rooftop at night, a paper lantern in her hands.'
    await alt.getByLabel('Page 1: what it shows').fill(described)
    await alt.getByRole('button', { name: 'Save alt text' }).click()
    await expect.poll(() => alt.getByText('Alt text saved.').isVisible()).toBe(true)
    const script = studio.page.getByRole('form', { name: 'Transcript' })
    await script.getByRole('button', { name: 'Add an entry' }).click()
    const entry = script.getByRole('group', { name: 'Entry 1' })
    await entry.getByLabel('Speaker').fill('Ana')
    await entry.getByLabel('Text').fill('Make a wish.')
    await script.getByRole('button', { name: 'Save transcript' }).click()
    await expect.poll(() => script.getByText('Transcript saved.').isVisible()).toBe(true)

    const reading = await chromium.open()
    await prepareVisitor(reading.context)
    const { page } = reading
    await page.goto(`${stack.mirrorOrigin}/comic/${comicId}/${chapterId}`)
    await appRunning(page)
    await expect.poll(() => page.getByRole('img', { name: described, exact: true }).count()).toBe(1)
    await expect.poll(() => page.getByRole('img', { name: 'Page 2 of 2', exact: true }).count()).toBe(1)
    await page.getByRole('button', { name: 'Transcript', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Transcript' })
    await expect.poll(() => dialog.getByRole('listitem').allTextContents()).toEqual(['Ana: Make a wish.'])
    expect(await axeViolations(page)).toEqual([])
  })
})
