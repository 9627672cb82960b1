import { http, HttpResponse, type HttpHandler } from 'msw'
import type { MockState } from '@comics/mocks'

/**
 * Page images served over HTTP by the story's service worker, so that one can fail: the mocks'
 * pages are data: URLs, which never fail. Points the chosen page of an episode (every variant) here.
 */
export const FLAKY_PAGE_PATH = '/story-images/pages/'

const DATA_SVG_PREFIX = 'data:image/svg+xml,'
const svgOf = new Map<string, string>()
// A url per story: the document keeps the images it loaded, whatever the cache headers say.
let stories = 0

/** Serves the chosen page from FLAKY_PAGE_PATH instead of its data: URL. */
export function withFlakyPage(state: MockState, chapterId: string, position: number) {
  const story = ++stories
  for (const asset of state.assets) {
    if (asset.chapterId !== chapterId || asset.position !== position) continue
    if (asset.url.startsWith(DATA_SVG_PREFIX)) svgOf.set(asset.id, decodeURIComponent(asset.url.slice(DATA_SVG_PREFIX.length)))
    asset.url = `${FLAKY_PAGE_PATH}${asset.id}~${story}.svg`
  }
}

/**
 * Fails every try at a page before try number `failedTries` (the reader numbers its tries in the
 * `comics-retry` query parameter; the first has none), then serves the page: with 1 the reader's own
 * backoff recovers it; with more than the reader's automatic retries its Retry button shows, and a
 * click loads it. Counting by the url, not by requests, keeps it deterministic.
 */
export function flakyPageImages(failedTries: number): HttpHandler[] {
  return [
    http.get(`*${FLAKY_PAGE_PATH}:file`, ({ request, params }) => {
      const id = String(params.file).replace(/~\d+\.svg$/, '')
      const attempt = Number(new URL(request.url).searchParams.get('comics-retry') ?? 0)
      if (attempt < failedTries) return new HttpResponse(null, { status: 503 })
      const svg = svgOf.get(id) ?? '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200"/>'
      return new HttpResponse(svg, { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' } })
    }),
  ]
}

/** Serves one tile of a tall page (see tallPage.ts) from FLAKY_PAGE_PATH instead of its data: URL. */
export function withFlakyTile(state: MockState, chapterId: string, position: number, tileIndex: number) {
  const story = ++stories
  for (const asset of state.assets) {
    const tile = asset.chapterId === chapterId && asset.position === position ? asset.tiles?.[tileIndex] : undefined
    if (!tile) continue
    const key = `${asset.id}-t${tileIndex}`
    if (tile.url.startsWith(DATA_SVG_PREFIX)) svgOf.set(key, decodeURIComponent(tile.url.slice(DATA_SVG_PREFIX.length)))
    tile.url = `${FLAKY_PAGE_PATH}${key}~${story}.svg`
  }
}
