import { describe, expect, it } from 'vitest'
import { AssetSchema, assetRenditionUrl, assetTileUrl } from '../src/contract'
import { PAGE_TILE_MAX_HEIGHT, pageTileHeights, pageTileMaxHeight, pageTileRows } from '../src/rules'

describe('tall pages cut into tiles', () => {
  it('shows a page up to the bound whole, and cuts a taller one into even tiles within it', () => {
    expect(pageTileHeights(800, 1280)).toEqual([])
    expect(pageTileHeights(800, PAGE_TILE_MAX_HEIGHT)).toEqual([])
    expect(pageTileHeights(800, PAGE_TILE_MAX_HEIGHT + 1)).toEqual([2049, 2048])
    expect(pageTileHeights(800, 20000)).toEqual([4000, 4000, 4000, 4000, 4000])
    expect(pageTileHeights(800, 10000)).toEqual([3334, 3334, 3332])
    expect(pageTileHeights(undefined, 20000)).toEqual([])
    expect(pageTileHeights(800, null)).toEqual([])
  })

  it('cuts a wide page shorter, so that no tile holds more than the pixel bound', () => {
    expect(pageTileMaxHeight(800)).toBe(PAGE_TILE_MAX_HEIGHT)
    expect(pageTileMaxHeight(2400)).toBe(3495)
    const heights = pageTileHeights(6000, 20000)
    expect(heights.reduce((sum, h) => sum + h, 0)).toBe(20000)
    for (const h of heights) expect(6000 * h).toBeLessThanOrEqual(4096 * 2048)
  })

  it('adds up to the page for any height, every tile within the bound and none taller than the first', () => {
    for (const height of [4097, 8192, 8193, 12289, 16383, 20000, 65535]) {
      const heights = pageTileHeights(690, height)
      expect(heights.reduce((sum, h) => sum + h, 0)).toBe(height)
      for (const h of heights) {
        expect(h).toBeGreaterThan(0)
        expect(h).toBeLessThanOrEqual(Math.min(PAGE_TILE_MAX_HEIGHT, heights[0]!))
      }
    }
  })

  it('gives the rows of each tile at a narrower width, meeting exactly and covering the scaled page', () => {
    expect(pageTileRows(800, 20000, 800)).toEqual([0, 4000, 8000, 12000, 16000].map((top) => ({ top, height: 4000 })))
    const rows = pageTileRows(800, 10000, 750)
    expect(rows).toEqual([
      { top: 0, height: 3126 },
      { top: 3126, height: 3125 },
      { top: 6251, height: 3124 },
    ])
    expect(rows.at(-1)!.top + rows.at(-1)!.height).toBe(Math.round((10000 * 750) / 800))
  })

  it('addresses a tile with the t parameter, before its rendition', () => {
    expect(assetTileUrl('/api/v1/files/a.png', 2)).toBe('/api/v1/files/a.png?t=2')
    expect(assetRenditionUrl(assetTileUrl('/f/a.png?expires=1&signature=x', 0), 750)).toBe('/f/a.png?expires=1&signature=x&t=0&w=750')
  })

  it('the contract takes a page with or without tiles, and refuses a tile without its size', () => {
    const page = { id: '1', url: '/f/a.png', width: 800, height: 8000 }
    expect(AssetSchema.parse(page)).toEqual(page)
    const tiled = { ...page, tiles: [{ url: '/f/a.png?t=0', width: 800, height: 4000, widths: [480] }, { url: '/f/a.png?t=1', width: 800, height: 4000 }] }
    expect(AssetSchema.parse(tiled)).toEqual(tiled)
    expect(() => AssetSchema.parse({ ...page, tiles: [{ url: '/f/a.png?t=0', width: 800 }] })).toThrow()
  })
})
