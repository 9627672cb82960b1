// Its own module, free of imports: the API cuts pages by it, the contract's tiles follow it.

/**
 * The tallest tile a page is cut into, in the image's own pixels. A phone decodes every image it shows
 * whole, at 4 bytes a pixel: a 6000 × 20000 page is 480 MB, which ends the reader's tab on a 2 GB phone
 * (tachiyomi #4134). WebP encodes at most 16,383 px a side, and iOS Safari's canvas stops at 16.7 million
 * pixels (4096 × 4096). A tile of at most 4096 px stays under both for any page up to 4096 px wide, and
 * at a webtoon's 800 px it is 3.3 million pixels (13 MB decoded). docs/decisions.md "Tall pages in tiles".
 */
export const PAGE_TILE_MAX_HEIGHT = 4096

/**
 * The most pixels of one tile: half of iOS Safari's canvas limit (32 MB decoded), so a wide page is cut
 * shorter (a 2400 px wide page into tiles of at most 3495 px).
 */
export const PAGE_TILE_MAX_PIXELS = 4096 * 2048

/** The tallest tile of a page `width` pixels wide: {@link PAGE_TILE_MAX_HEIGHT}, less for a wide page. */
export function pageTileMaxHeight(width: number): number {
  return Math.max(1, Math.min(PAGE_TILE_MAX_HEIGHT, Math.floor(PAGE_TILE_MAX_PIXELS / Math.max(1, width))))
}

/**
 * The heights of the tiles a page of `width` × `height` pixels is cut into, top to bottom; empty when it
 * is shown whole (no taller than {@link pageTileMaxHeight}). The tiles are as even as whole pixels allow:
 * every one but the last is the same height, the last takes what is left (never more), so no thin sliver
 * ends a page.
 * @example pageTileHeights(800, 20000) // [4000, 4000, 4000, 4000, 4000]
 * @example pageTileHeights(800, 10000) // [3334, 3334, 3332]
 * @example pageTileHeights(800, 4096) // []
 */
export function pageTileHeights(width: number | null | undefined, height: number | null | undefined): number[] {
  if (!width || !height || width < 1 || height < 1) return []
  const maxHeight = pageTileMaxHeight(width)
  if (height <= maxHeight) return []
  const count = Math.ceil(height / maxHeight)
  const each = Math.ceil(height / count)
  return Array.from({ length: count }, (_, index) => (index < count - 1 ? each : height - each * (count - 1)))
}

/**
 * The rows of the image a tile at `width` pixels wide covers, for a page of `pageWidth` × `pageHeight`
 * cut by {@link pageTileHeights}: the tile's top and bottom scaled and rounded, so the tiles of one width
 * meet exactly (no row lost or doubled) whatever the rounding. `width` is the page's own width for the
 * tile itself, a narrower one for a rendition of it.
 */
export function pageTileRows(pageWidth: number, pageHeight: number, width: number): { top: number; height: number }[] {
  const heights = pageTileHeights(pageWidth, pageHeight)
  const scale = width / pageWidth
  const scaledHeight = Math.max(1, Math.round(pageHeight * scale))
  let top = 0
  return heights.map((tileHeight, index) => {
    const start = Math.round(top * scale)
    top += tileHeight
    const end = index === heights.length - 1 ? scaledHeight : Math.round(top * scale)
    return { top: start, height: Math.max(1, end - start) }
  })
}
