import { mkdirSync } from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright'
import { createUser } from '@comics/auth-emulator'
import { appRunning, chromiumPerFile } from '@comics/test-stack/browser'
import { requestWithHost } from '@comics/test-stack/requestWithHost'
import { e2eStack } from '@comics/test-stack/stack'
import { prepareVisitor, submitAuthModal, uniqueEmail } from '@comics/test-stack/visitor'
import { episodeAssetsRequest, PAGE_TILE_MAX_HEIGHT } from '@comics/core'

// A tall page (docs/decisions.md "Tall pages in tiles"): uploaded in the studio at 800 × 20000 px, cut
// into tiles by the API with its renditions, and read as one page of stacked tiles that nothing shifts.
const stack = e2eStack()
const chromium = chromiumPerFile()
const adminEmail = uniqueEmail('tall-page')
const ADMIN_PASSWORD = 'secret-123'
const title = `Tall page ${Date.now().toString(36)}`
const RED = [122, 31, 75] as const
const BLUE = [40, 60, 120] as const
const WIDTH = 800
const HEIGHT = 20_000
let comicId: string
let chapterId: string
let adminToken: string

/**
 * An 800 × 20000 PNG: bands of colour every 700 px, a white rule every 1000 px (300 px past) and a bar
 * running diagonally from the top left to the bottom right, so a lost row or a seam between tiles (every
 * 4000 px, inside a band) shows.
 */
function tallPng(width: number, height: number): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    const band = Math.floor(y / 700) % 2 === 0 ? RED : BLUE
    const rule = y % 1000 >= 300 && y % 1000 < 304
    const bar = Math.round((y / height) * (width - 40))
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3
      const colour = rule || (x >= bar && x < bar + 40) ? [255, 255, 255] : band
      rows[at] = colour[0]!
      rows[at + 1] = colour[1]!
      rows[at + 2] = colour[2]!
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

async function adminCall(path: string, form: FormData) {
  const response = await fetch(`${stack.apiUrl}/api/v1${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${adminToken}` } })
  const text = await response.text()
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as { data: Record<string, unknown>[] }
}

/** Drops a file on the studio's drop zone as a browser drop does. */
async function dropFile(page: Page, name: string, bytes: Buffer) {
  await page.locator('.comics-page-uploader__zone').evaluate(
    (zone, file) => {
      const data = new DataTransfer()
      data.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: 'image/png' }))
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }))
    },
    { name, base64: bytes.toString('base64') },
  )
}

/** Records every layout shift from the first moment of the document (none after an input count, as CLS). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = []
    ;(window as Window & { tallPageShifts?: number[] }).tallPageShifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
}
const layoutShift = (page: Page) => page.evaluate(() => ((window as Window & { tallPageShifts?: number[] }).tallPageShifts ?? []).reduce((sum, value) => sum + value, 0))

/** The tiles of the first page as laid out: their boxes, and what each image is (its attributes and its decoded size). */
const tilesOf = (page: Page) =>
  page.locator('.comics-reader__page[data-page-index="0"] .comics-reader__tile').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => {
      const box = image.getBoundingClientRect()
      return {
        top: box.top,
        bottom: box.bottom,
        height: Number(image.getAttribute('height')),
        alt: image.getAttribute('alt'),
        loaded: image.complete && image.naturalWidth > 0,
        naturalHeight: image.naturalHeight,
        naturalWidth: image.naturalWidth,
        src: image.currentSrc,
      }
    }),
  )

beforeAll(async () => {
  adminToken = (await createUser(stack.emulatorHost, { email: adminEmail, password: ADMIN_PASSWORD, claims: { admin: true } })).idToken
  const comicForm = new FormData()
  comicForm.append('title', title)
  comicForm.append('contentRating', 'AO')
  comicForm.append('genres', '[]')
  comicId = (await adminCall('/comics', comicForm)).data[0]!.id as string
  const chapterForm = new FormData()
  chapterForm.append('comicsId', comicId)
  chapterForm.append('chapters', JSON.stringify([{ title: 'Episode 1', chapterNumber: 1, isFree: true }]))
  chapterId = (await adminCall('/chapters', chapterForm)).data[0]!.id as string
})

describe('a tall page', () => {
  test('uploaded in the studio at 800 × 20000 px, it is read as tiles within the bound, seamless, with no layout shift, at 390 and 1280 px', async () => {
    // The studio: an admin drops the page on the episode and uploads it.
    const studio = await chromium.open()
    await prepareVisitor(studio.context)
    const { page } = studio
    await page.goto(`${stack.adultOrigin}/admin`)
    await appRunning(page)
    await page.getByRole('button', { name: 'Sign In' }).last().click()
    await submitAuthModal(page, adminEmail, ADMIN_PASSWORD, 'sign-in')
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Admin' }).isVisible(), { timeout: 20_000 }).toBe(true)
    await page.getByRole('search', { name: 'Find comics' }).getByLabel('Find by title').fill(title)
    await page.getByRole('button', { name: title }).click()
    const upload = page.getByRole('form', { name: 'Upload pages' })
    await expect.poll(() => upload.isVisible(), { timeout: 20_000 }).toBe(true)
    await upload.getByRole('combobox', { name: /^Episode/ }).selectOption({ label: '#1 Episode 1' })
    await upload.getByLabel('Variant').selectOption('censored')
    await dropFile(page, 'tall.png', tallPng(WIDTH, HEIGHT))
    await expect.poll(() => page.locator('.comics-page-uploader__name').allTextContents()).toEqual(['tall.png'])
    await upload.getByRole('button', { name: 'Upload pages' }).click()
    await expect.poll(() => upload.getByText('Pages saved in this order.').isVisible(), { timeout: 60_000 }).toBe(true)

    // The API lists the page with its tiles, and has made them (with their renditions) for the first reader.
    const host = new URL(stack.adultOrigin).host
    const listed = await requestWithHost(`${stack.apiUrl}/api/v1/comics-assets/list`, { host, body: episodeAssetsRequest({ comicId, chapterId, variant: 'censored' }) })
    expect(listed.status, listed.body).toBe(200)
    const { data: pages } = JSON.parse(listed.body) as { data: { url: string; width: number; height: number; tiles?: { url: string; height: number; widths?: number[] }[] }[] }
    expect(pages.map((asset) => [asset.width, asset.height])).toEqual([[WIDTH, HEIGHT]])
    const tiles = pages[0]!.tiles!
    expect(tiles.map((tile) => tile.height)).toEqual([4000, 4000, 4000, 4000, 4000])
    for (const tile of tiles) {
      for (const address of [tile.url, ...(tile.widths ?? []).map((w) => `${tile.url}&w=${w}`)]) {
        await expect.poll(async () => (await requestWithHost(`${stack.apiUrl}${address}`, { host })).status, { timeout: 60_000 }).toBe(200)
      }
    }
    // The page itself is kept, as uploaded.
    expect((await requestWithHost(`${stack.apiUrl}${pages[0]!.url}`, { host })).status).toBe(200)

    // A reader on a phone (a fractional pixel ratio) and on a desktop.
    for (const viewport of [
      { width: 390, height: 844, deviceScaleFactor: 2.625 },
      { width: 1280, height: 800, deviceScaleFactor: 1.5 },
    ]) {
      const reader = await chromium.open({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor })
      await prepareVisitor(reader.context)
      await watchLayoutShifts(reader.page)
      await reader.page.goto(`${stack.adultOrigin}/comic/${comicId}/${chapterId}`)
      await appRunning(reader.page)
      const tallPage = reader.page.getByRole('img', { name: 'Page 1 of 1' })
      await expect.poll(() => tallPage.isVisible(), { timeout: 20_000 }).toBe(true)
      // One image for the page: its tiles have no names of their own, and the whole page is never asked for.
      expect(await tallPage.getByRole('img').count()).toBe(0)
      expect(await tallPage.locator('img').count()).toBe(5)
      await expect.poll(async () => (await tilesOf(reader.page))[0]?.loaded).toBe(true)

      // Scrolled through, tile by tile: each arrives in its reserved box.
      for (let index = 0; index < 5; index++) {
        await reader.page.evaluate((tileIndex) => {
          const strip = document.querySelector<HTMLElement>('.comics-reader__main')!
          const tile = strip.querySelectorAll<HTMLElement>('[data-page-index="0"] .comics-reader__tile')[tileIndex]!
          strip.scrollTop += tile.getBoundingClientRect().top - strip.getBoundingClientRect().top + tile.offsetHeight / 2
        }, index)
        await expect.poll(async () => (await tilesOf(reader.page))[index]?.loaded, { timeout: 20_000 }).toBe(true)
        if (index === 2) await screenshot(reader.page, `reader-tall-page-seam-${viewport.width}`, index)
      }
      const shown = await tilesOf(reader.page)
      expect(shown.map((tile) => [tile.height, tile.alt])).toEqual(tiles.map(() => [4000, '']))
      for (const tile of shown) {
        // Within the bound, as decoded: the tile itself or a narrower rendition of it.
        expect(tile.naturalHeight).toBeLessThanOrEqual(PAGE_TILE_MAX_HEIGHT)
        expect(tile.naturalWidth).toBeLessThanOrEqual(WIDTH)
        expect(tile.src).toMatch(/[?&]t=[0-4](&w=\d+)?$/)
      }
      // No seam seen: around each seam (inside a band of one colour) every pixel on screen is the band's colour.
      for (const [seam, colour] of [
        [1, BLUE],
        [2, BLUE],
        [3, BLUE],
        [4, RED],
      ] as const) {
        const colours = await coloursAroundSeam(reader.page, seam)
        expect(colours.length, `seam ${seam} at ${viewport.width} px`).toBeGreaterThan(100)
        expect(colours.filter((pixel) => pixel.some((value, channel) => Math.abs(value - colour[channel]!) > 2)), `seam ${seam} at ${viewport.width} px`).toEqual([])
      }
      // As laid out: each tile reaches 1 px under the next.
      for (let i = 1; i < shown.length; i++) expect(Math.abs(shown[i]!.top - (shown[i - 1]!.bottom - 1))).toBeLessThan(0.05)
      const box = await reader.page.locator('.comics-reader__page[data-page-index="0"]').evaluate((item) => item.getBoundingClientRect().height)
      expect(box).toBeCloseTo(shown.at(-1)!.bottom - shown[0]!.top, 1)
      expect(box).toBeCloseTo((Math.min(viewport.width, 800) * HEIGHT) / WIDTH, 0)
      expect(await layoutShift(reader.page)).toBe(0)
      expect(reader.pageErrors).toEqual([])
    }
    expect(studio.pageErrors).toEqual([])
  }, 240_000)
})

/**
 * The colours on screen around the top of tile `index` of the first page (that seam in the middle of the
 * strip, the tiles on screen painted): a band 40 px high and 20 px wide near the page's left edge, away from
 * the bar. Decoded in the page from Playwright's screenshot.
 */
async function coloursAroundSeam(page: Page, index: number): Promise<number[][]> {
  const seamAt = await page.evaluate((tileIndex) => {
    const strip = document.querySelector<HTMLElement>('.comics-reader__main')!
    const tile = strip.querySelectorAll<HTMLElement>('[data-page-index="0"] .comics-reader__tile')[tileIndex]!
    strip.scrollTop += tile.getBoundingClientRect().top - strip.getBoundingClientRect().top - strip.clientHeight / 2
    const box = tile.getBoundingClientRect()
    return { x: box.left, y: box.top }
  }, index)
  await page.locator('.comics-reader__page[data-page-index="0"] .comics-reader__tile').evaluateAll((images) =>
    Promise.all((images as HTMLImageElement[]).filter((image) => image.complete).map((image) => image.decode().catch(() => undefined))),
  )
  const png = await page.screenshot({ clip: { x: seamAt.x + 8, y: seamAt.y - 20, width: 20, height: 40 } })
  return page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }))
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')!
    context.drawImage(bitmap, 0, 0)
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    const pixels: number[][] = []
    for (let at = 0; at < data.length; at += 4) pixels.push([data[at]!, data[at + 1]!, data[at + 2]!])
    return pixels
  }, png.toString('base64'))
}

/** The strip around a seam (tile `index`'s top in view), at the reader's width, kept with the test results. */
async function screenshot(page: Page, name: string, index: number) {
  await page.evaluate((tileIndex) => {
    const strip = document.querySelector<HTMLElement>('.comics-reader__main')!
    const tile = strip.querySelectorAll<HTMLElement>('[data-page-index="0"] .comics-reader__tile')[tileIndex]!
    strip.scrollTop += tile.getBoundingClientRect().top - strip.getBoundingClientRect().top - strip.clientHeight / 2
  }, index)
  // Painted: the tiles on screen decoded (they decode off the first frame).
  await page.locator('.comics-reader__page[data-page-index="0"] .comics-reader__tile').evaluateAll((images) =>
    Promise.all((images as HTMLImageElement[]).filter((image) => image.complete).map((image) => image.decode().catch(() => undefined))),
  )
  const folder = new URL('../../test-results/screenshots/', import.meta.url)
  mkdirSync(folder, { recursive: true })
  await page.screenshot({ path: new URL(`${name}.png`, folder).pathname })
}
