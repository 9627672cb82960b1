import { readdir, readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetRenditionUrl, AssetSchema, type Asset } from '@comics/core/contract'
import { PAGE_TILE_MAX_HEIGHT, pageTileRows } from '@comics/core/rules'
import { bearer, createAccount, type Account } from './support/accounts'
import { multipart } from './support/multipart'
import { startTestServer, type TestServer } from './support/test-server'

// Tall pages (docs/decisions.md "Tall pages in tiles"): an upload taller than the tile bound is cut into
// tiles with its renditions, each served at the page's address with ?t=, and the page itself is kept.
const ADULT_HOST = { host: 'adult.localhost:5173' }

let server: TestServer
let admin: Account

beforeAll(async () => {
  server = await startTestServer()
  admin = await createAccount('admin', { admin: true })
})
afterAll(() => server?.close())

async function adminForm(url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1]) {
  const body = multipart(fields, files)
  const response = await server.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...body.headers, ...bearer(admin) }, payload: body.payload })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { data: Record<string, unknown>[] }).data
}

/** An 800 × 10000 PNG whose every row differs from its neighbours, so a lost or doubled row shows. */
async function stripedPage(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3
      pixels[at] = y % 256
      pixels[at + 1] = Math.floor(y / 256) % 256
      pixels[at + 2] = x % 256
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer()
}

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: ADULT_HOST })
const stem = (url: string) => url.split('?')[0]!.split('/').pop()!.replace(/\.png$/, '')

describe('a tall page, cut into tiles when its renditions are made', () => {
  let page: Asset
  let shortPage: Asset
  let upload: Buffer

  beforeAll(async () => {
    const [comic] = await adminForm('/comics', { title: 'Tall pages', description: 'A long strip', contentRating: 'AO', genres: '["1"]', displayOnMirror: '0' }, [])
    const [chapter] = await adminForm('/chapters', { comicsId: comic!.id as string, chapters: JSON.stringify([{ title: 'One', chapterNumber: 1, isFree: true }]) }, [])
    upload = await stripedPage(800, 10000)
    const short = await stripedPage(800, PAGE_TILE_MAX_HEIGHT)
    const pages = await adminForm(`/comics/${comic!.id as string}/assets/uncensored`, { chapterId: chapter!.id as string }, [
      { field: 'files', filename: 'tall.png', contentType: 'image/png', bytes: upload },
      { field: 'files', filename: 'short.png', contentType: 'image/png', bytes: short },
    ])
    page = AssetSchema.parse(pages[0])
    // A page as tall as the bound is shown whole.
    shortPage = AssetSchema.parse(pages[1])
    expect(shortPage.tiles).toBeUndefined()
  })

  it('lists its tiles: even, within the bound, the last taking the rest, each at its own address with the renditions', () => {
    expect(page.tiles!.map((tile) => [tile.width, tile.height])).toEqual([[800, 3334], [800, 3334], [800, 3332]])
    for (const [index, tile] of page.tiles!.entries()) {
      expect(tile.url).toBe(`${page.url}&t=${index}`)
      expect(tile.widths).toEqual([480, 640, 750])
    }
    expect([page.width, page.height, page.widths]).toEqual([800, 10000, [480, 640, 750]])
  })

  it('makes every tile at every width ahead of the first reader, and keeps the page as uploaded', async () => {
    await server.context.renditions.settled()
    const made = await readdir(`${server.filesDir}/renditions`)
    const name = stem(page.url)
    const tiles = made.filter((file) => file.startsWith(`${name}-t`)).sort()
    expect(tiles).toEqual([0, 1, 2].flatMap((i) => [`${name}-t${i}-w480.png`, `${name}-t${i}-w640.png`, `${name}-t${i}-w750.png`, `${name}-t${i}.png`]).sort())
    // Not the whole page's renditions: a reader shows the tiles (those are still made on request).
    expect(made.filter((file) => file.startsWith(`${name}-w`))).toEqual([])
    expect((await readFile(`${server.filesDir}/${name}.png`)).equals(upload)).toBe(true)
    const whole = await get(page.url)
    expect(whole.statusCode).toBe(200)
    expect(whole.rawPayload.equals(upload)).toBe(true)
  })

  it('serves the tiles, which put back together are the page, row for row', async () => {
    const bands: Buffer[] = []
    for (const tile of page.tiles!) {
      const response = await get(tile.url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
      const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true })
      expect([info.width, info.height]).toEqual([tile.width, tile.height])
      bands.push(data)
    }
    const original = await sharp(upload).raw().toBuffer()
    expect(Buffer.concat(bands).equals(original)).toBe(true)
  })

  it('serves each tile at each rendition width, the bands of one width meeting exactly, as the page resized whole', async () => {
    for (const width of page.widths!) {
      const rows = pageTileRows(800, 10000, width)
      const bands: Buffer[] = []
      for (const [index, tile] of page.tiles!.entries()) {
        const response = await get(assetRenditionUrl(tile.url, width))
        expect(response.statusCode).toBe(200)
        const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true })
        expect([info.width, info.height]).toEqual([width, rows[index]!.height])
        bands.push(data)
      }
      // Cut from the page resized whole: put back together, they are that image, pixel for pixel.
      const height = Math.round((10000 * width) / 800)
      const resized = await sharp(upload).resize({ width, height, fit: 'fill' }).raw().toBuffer()
      expect(Buffer.concat(bands).equals(resized)).toBe(true)
    }
    const again = await get(assetRenditionUrl(page.tiles![1]!.url, 750))
    const etag = again.headers.etag as string
    expect(etag).toMatch(/-t1-w750"$/)
    expect((await server.app.inject({ method: 'GET', url: assetRenditionUrl(page.tiles![1]!.url, 750), headers: { ...ADULT_HOST, 'if-none-match': etag } })).statusCode).toBe(304)
  })

  it.each(['3', '-1', '01', 'x', ''])('answers ?t=%s, not a tile of the page, with 404', async (index) => {
    expect((await get(`${page.url}&t=${index}`)).statusCode).toBe(404)
  })

  it('answers a tile of a page shown whole with 404, and a tile at a width not listed with 404', async () => {
    expect((await get(`${shortPage.url}&t=0`)).statusCode).toBe(404)
    expect((await get(`${page.url}&t=0&w=1080`)).statusCode).toBe(404)
    expect((await get(`${page.url}&t=0&w=700`)).statusCode).toBe(404)
  })

  it('needs the signed address for a tile, as for the page', async () => {
    expect((await get(`${page.url.split('?')[0]!}?t=0`)).statusCode).toBe(404)
    expect((await get(page.tiles![0]!.url.replace(/signature=[^&]+/, 'signature=' + 'A'.repeat(43)))).statusCode).toBe(403)
  })
})
