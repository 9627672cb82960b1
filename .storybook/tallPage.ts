import { pageTileHeights } from '@comics/core'
import type { MockState } from '@comics/mocks'

/** A band of a tall page: the same colour throughout, with a rule every 250 px counted from the page's top, so a seam or a lost row shows. */
function bandSvg(width: number, top: number, height: number, hue: number, label: string): string {
  const rules: string[] = []
  for (let y = Math.ceil(top / 250) * 250; y < top + height; y += 250) {
    rules.push(`<rect x="0" y="${y - top}" width="${width}" height="2" fill="hsl(${hue} 60% 70%)"/><text x="24" y="${y - top + 40}">${y} px</text>`)
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue} 45% 28%)"/>` +
    `<g fill="#fff" font-family="system-ui, sans-serif" font-size="28">${rules.join('')}` +
    `<text x="50%" y="${Math.round(height / 2)}" text-anchor="middle" font-size="48">${label}</text></g></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/**
 * Makes the page at `position` of an episode (every variant) a tall one, `height` px high at 800 px, with
 * its tiles as the reference API lists them (core `pageTileHeights`), each a data: URL of its band.
 */
export function withTallPage(state: MockState, chapterId: string, position: number, height = 12000) {
  for (const asset of state.assets) {
    if (asset.chapterId !== chapterId || asset.position !== position) continue
    const width = asset.width ?? 800
    const heights = pageTileHeights(width, height)
    asset.height = height
    asset.url = bandSvg(width, 0, height, 260, 'The whole page')
    let top = 0
    asset.tiles = heights.map((tileHeight, index) => {
      const tile = { url: bandSvg(width, top, tileHeight, 260, `Tall page · part ${index + 1} of ${heights.length}`), width, height: tileHeight }
      top += tileHeight
      return tile
    })
  }
}
