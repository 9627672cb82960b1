/** The query parameter that asks the file route for a narrower rendition of a page image. */
export const RENDITION_WIDTH_PARAM = 'w'

/** The query parameter that asks the file route for one tile of a tall page image, by its index from 0. */
export const TILE_PARAM = 't'

/** `url` with `name=value` added to its query (before any fragment); `value` is written as given. */
export function withSearchParam(url: string, name: string, value: string | number): string {
  const [address, fragment] = url.split('#', 2) as [string, string | undefined]
  const joined = `${address}${address.includes('?') ? '&' : '?'}${name}=${value}`
  return fragment === undefined ? joined : `${joined}#${fragment}`
}

/** The address of the rendition of the image at `url` that is `width` pixels wide (one its asset lists in `widths`). */
export const assetRenditionUrl = (url: string, width: number) => withSearchParam(url, RENDITION_WIDTH_PARAM, width)

/** The address of tile `index` (from 0) of the page image at `url`, as the reference API serves it. */
export const assetTileUrl = (url: string, index: number) => withSearchParam(url, TILE_PARAM, index)

/**
 * An `srcset` for a page image: its renditions and the image itself, each with its width, so the browser
 * downloads the narrowest one that fills the page at the screen's pixel density. Undefined when the
 * asset lists no rendition or its own width is unknown (then `src` alone is right). `address` maps each
 * candidate's URL (the reader adds its retry marker with it).
 */
export function assetSrcSet(
  asset: { url: string; width?: number | undefined; widths?: readonly number[] | undefined },
  address: (url: string) => string = (url) => url,
): string | undefined {
  const { url, width, widths } = asset
  if (!width || !widths) return undefined
  const narrower = [...new Set(widths)].filter((w) => w < width).sort((a, b) => a - b)
  if (narrower.length === 0) return undefined
  return [...narrower.map((w) => `${address(assetRenditionUrl(url, w))} ${w}w`), `${address(url)} ${width}w`].join(', ')
}
