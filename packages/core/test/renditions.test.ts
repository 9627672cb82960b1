import { describe, expect, it } from 'vitest'
import { AssetSchema, assetRenditionUrl, assetSrcSet, withSearchParam } from '../src/contract'

describe('page image renditions', () => {
  it('asks for a rendition with the w parameter, keeping a query and a fragment', () => {
    expect(assetRenditionUrl('/api/v1/files/a.webp', 750)).toBe('/api/v1/files/a.webp?w=750')
    expect(assetRenditionUrl('https://cdn.test/a.webp?v=2', 480)).toBe('https://cdn.test/a.webp?v=2&w=480')
    expect(withSearchParam('/a.webp#top', 'comics-retry', 2)).toBe('/a.webp?comics-retry=2#top')
  })

  it('lists the narrower renditions in order, then the image at its own width', () => {
    expect(assetSrcSet({ url: '/f/a.webp', width: 800, widths: [750, 480, 640] })).toBe(
      '/f/a.webp?w=480 480w, /f/a.webp?w=640 640w, /f/a.webp?w=750 750w, /f/a.webp 800w',
    )
    // Each candidate through the caller's mapping (the reader's retry marker).
    expect(assetSrcSet({ url: '/f/a.webp', width: 800, widths: [480] }, (url) => withSearchParam(url, 'r', 1))).toBe(
      '/f/a.webp?w=480&r=1 480w, /f/a.webp?r=1 800w',
    )
  })

  it('gives no srcset without renditions or the image width, and drops widths not narrower than the image or repeated', () => {
    expect(assetSrcSet({ url: '/f/a.webp', width: 800 })).toBeUndefined()
    expect(assetSrcSet({ url: '/f/a.webp', widths: [480] })).toBeUndefined()
    expect(assetSrcSet({ url: '/f/a.webp', width: 480, widths: [480, 640] })).toBeUndefined()
    expect(assetSrcSet({ url: '/f/a.webp', width: 800, widths: [480, 480, 1080] })).toBe('/f/a.webp?w=480 480w, /f/a.webp 800w')
  })

  it('the contract takes an asset with or without widths, and refuses widths that are not positive integers', () => {
    const asset = { id: '1', url: '/f/a.webp', width: 800, height: 1445 }
    expect(AssetSchema.parse(asset)).toEqual(asset)
    expect(AssetSchema.parse({ ...asset, widths: [480, 750] }).widths).toEqual([480, 750])
    expect(AssetSchema.safeParse({ ...asset, widths: [0] }).success).toBe(false)
    expect(AssetSchema.safeParse({ ...asset, widths: [480.5] }).success).toBe(false)
    expect(AssetSchema.safeParse({ ...asset, widths: '480' }).success).toBe(false)
  })
})
