import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import {
  categoriesComicsRequest,
  comicByIdRequest,
  comicChaptersRequest,
  hostComicsRequest,
  sortEpisodes,
  type Chapter,
  type Comic,
  type SiteMode,
} from '@comics/core'

/** How long the server waits for each of the API's answers before the page goes with the site's own head. */
export const SERVER_CALL_TIMEOUT_MS = 3000

/**
 * One read of the catalogue: its data, and its version (the API's ETag, which changes with the answer;
 * a fresh value each time for an answer without one).
 */
export interface CatalogueRead<T> {
  data: T
  version: string
}

/** The API's catalogue as the site's server reads it for page heads and sitemaps. */
export interface CatalogueReader {
  /** The comic of `comicId` as `mode`'s host lists it, or null when that host has no such comic. */
  comic(mode: SiteMode, comicId: string): Promise<CatalogueRead<Comic | null>>
  /** A comic's published episodes, by chapter number. */
  chapters(mode: SiteMode, comicId: string): Promise<CatalogueRead<Chapter[]>>
  /** Every comic `mode`'s host lists, page after page. */
  comics(mode: SiteMode): Promise<CatalogueRead<Comic[]>>
}

/** An answer kept with the ETag the API gave it: asked again with If-None-Match, a 304 reuses it. */
interface Kept {
  etag: string
  data: unknown
}

/** How many answers are kept before the oldest are forgotten (one per comic and page of the list). */
const KEPT_MAX = 5000

/**
 * Reads the catalogue from the API at `apiBase` (…/api/v1) as a guest on the host of each mode (`hostOf`,
 * the configured host, never a visitor's Host header). Every answer is kept with its ETag and asked for
 * again with If-None-Match on each use: the API's catalogue cache changes the ETag when the catalogue
 * changes (an admin's edit, a scheduled episode's release), so what is built from these reads is rebuilt
 * exactly when the catalogue changed, and otherwise costs a 304 per call.
 */
export function createCatalogueReader(apiBase: string, hostOf: (mode: SiteMode) => string): CatalogueReader {
  const kept = new Map<string, Kept>()
  let unversioned = 0

  function post<T>(path: string, body: unknown, host: string): Promise<CatalogueRead<T>> {
    const url = `${apiBase.replace(/\/$/, '')}${path}`
    const payload = JSON.stringify(body)
    const key = `${host} ${path} ${payload}`
    const previous = kept.get(key)
    return new Promise((resolve, reject) => {
      const send = url.startsWith('https:') ? httpsRequest : httpRequest
      const headers: Record<string, string | number> = { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), accept: 'application/json' }
      if (previous) headers['if-none-match'] = previous.etag
      const outgoing = send(url, { method: 'POST', headers, timeout: SERVER_CALL_TIMEOUT_MS }, (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('error', reject)
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 0
          if (status === 304 && previous) return resolve({ data: previous.data as T, version: previous.etag })
          if (status !== 200) return reject(new Error(`${path} answered ${status}`))
          let data: T
          try {
            data = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: T }).data
          } catch (error) {
            return reject(new Error(`${path} answered no JSON: ${String(error)}`))
          }
          const etag = incoming.headers.etag
          if (etag) {
            if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!)
            kept.set(key, { etag, data })
          }
          resolve({ data, version: etag ?? `unversioned-${++unversioned}` })
        })
      })
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${url} in ${SERVER_CALL_TIMEOUT_MS} ms`)))
      outgoing.on('error', reject)
      outgoing.end(payload)
    })
  }

  return {
    async comic(mode, comicId) {
      const read = await post<Comic[]>('/comics/list', hostComicsRequest(comicByIdRequest(comicId), mode), hostOf(mode))
      return { data: read.data[0] ?? null, version: read.version }
    },
    async chapters(mode, comicId) {
      const read = await post<Chapter[]>('/chapters/list', comicChaptersRequest(comicId), hostOf(mode))
      return { data: sortEpisodes(read.data), version: read.version }
    },
    async comics(mode) {
      const comics: Comic[] = []
      const versions: string[] = []
      const first = categoriesComicsRequest(null)
      for (let offset = 0; ; offset += first.limit) {
        const read = await post<Comic[]>('/comics/list', hostComicsRequest({ ...first, offset }, mode), hostOf(mode))
        comics.push(...read.data)
        versions.push(read.version)
        if (read.data.length < first.limit) break
      }
      return { data: comics, version: versions.join(' ') }
    },
  }
}
