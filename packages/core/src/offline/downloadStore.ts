import type { Asset, AssetVariant, Chapter, Comic, Transcript } from '../contract/entities'
import { downloadRefusal, downloadsToRemove, type DownloadRefusal } from '../rules/downloads'
import type { Viewer } from '../rules/episodes'
import { DOWNLOADS_CACHE_NAME } from './downloadsCache'

/** An episode to download: what the reader shows offline comes from this, as it was when it was saved. */
export interface EpisodeToDownload {
  comic: Comic
  chapter: Chapter
  /** The comic's episodes (the lock rule reads the episode's place among them; the offline episode list shows them). */
  chapters: readonly Chapter[]
  /** The edition: the uncensored one needs uncensored access (core `downloadRefusal`). */
  uncensored: boolean
  variant: AssetVariant
  /** The episode's page images in reading order, with their width and height (the offline layout is the same) and alt text. */
  assets: readonly Asset[]
  /** The episode's transcript, kept with its pages so it reads offline too (absent or null: none). */
  transcript?: Transcript | null
}

/** A downloaded episode, as the store keeps it. */
export interface DownloadedEpisode extends EpisodeToDownload {
  /** Bytes of its page images on the device. */
  bytes: number
  downloadedAt: number
}

/** How far a download in progress has come, in pages. */
export interface DownloadProgress {
  saved: number
  total: number
}

export interface DownloadsSnapshot {
  /** 'loading' until the stored downloads are read; 'unsupported' where the browser has no Cache Storage. */
  status: 'loading' | 'ready' | 'unsupported'
  /** Downloaded episodes, oldest first. */
  episodes: readonly DownloadedEpisode[]
  /** Downloads in progress by {@link downloadKey}. */
  inProgress: Readonly<Record<string, DownloadProgress>>
}

export type DownloadErrorCode = DownloadRefusal | 'storage-full' | 'network' | 'unsupported'

/**
 * A download that did not happen, with why: `locked` and `uncensored` (the rule refused it; nothing was
 * fetched), `storage-full` (the device has no room for it: said before anything is written), `network`
 * (a page could not be fetched), `unsupported` (no Cache Storage). Nothing of a failed download is kept.
 */
export class DownloadError extends Error {
  readonly code: DownloadErrorCode
  constructor(code: DownloadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'DownloadError'
    this.code = code
  }
}

/** The images a page is shown with, as they are kept: its tiles when it has them (a tall page), else the page itself. */
const imageUrlsOf = (asset: Pick<Asset, 'url' | 'tiles'>): string[] => (asset.tiles?.length ? asset.tiles.map((tile) => tile.url) : [asset.url])

/** Which episode of which comic in which edition: one download each. */
export const downloadKey = (episode: { comic: { id: string }; chapter: { id: string }; variant: string }) =>
  `${episode.comic.id}/${episode.chapter.id}/${episode.variant}`

/** Bytes set aside for each page when the room for a download is checked before its pages are fetched. */
export const PAGE_BYTES_RESERVE = 400_000

/** The part of the browser's `navigator.storage` the store uses. */
export interface DownloadStorageManager {
  estimate(): Promise<{ quota?: number; usage?: number }>
  persist?(): Promise<boolean>
  persisted?(): Promise<boolean>
}

export interface DownloadStoreOptions {
  /** Default: the browser's `caches`; null: downloads are off (the store says 'unsupported'). */
  caches?: CacheStorage | null
  /** Default: the global fetch. */
  fetch?: typeof fetch
  /** Default: `navigator.storage` (estimate before saving; persist asked once). */
  storage?: DownloadStorageManager
  /** The origin the episodes' records are filed under (the page's). Default: `location.origin`. */
  origin?: string
  now?: () => number
}

export interface DownloadStore {
  subscribe(listener: () => void): () => void
  getSnapshot(): DownloadsSnapshot
  /** Reads what is stored (once; later calls wait for the same read). */
  load(): Promise<void>
  /**
   * Saves an episode's pages and record, for `viewer` as they are now: refused by core's rule, checked
   * against the device's free space first; the browser is asked to keep the site's storage.
   */
  download(episode: EpisodeToDownload, viewer: Viewer): Promise<DownloadedEpisode>
  remove(key: string): Promise<void>
  removeAll(): Promise<void>
  /** Removes the downloads `viewer` may no longer keep (core `downloadsToRemove`); returns them. Call when online. */
  removeRevoked(viewer: Viewer): Promise<DownloadedEpisode[]>
  /** The downloaded episode of a comic's chapter in `variant`, if any. */
  find(comicId: string, chapterId: string, variant?: AssetVariant): DownloadedEpisode | undefined
}

const RECORDS_PATH = '/__comics-downloads__/'

/**
 * The headless download store (Cache Storage): page images under their own URLs, each episode's record
 * beside them, a snapshot to subscribe to (what is downloaded, sizes, downloads in progress).
 * @example
 * const downloads = createDownloadStore()
 * await downloads.download({ comic, chapter, chapters, uncensored: false, variant: 'censored', assets }, viewer)
 */
export function createDownloadStore(options: DownloadStoreOptions = {}): DownloadStore {
  const cacheStorage = options.caches === null ? undefined : (options.caches ?? (globalThis as { caches?: CacheStorage }).caches)
  const fetchPage = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  const storage = options.storage ?? (globalThis as { navigator?: { storage?: DownloadStorageManager } }).navigator?.storage
  const origin = options.origin ?? (globalThis as { location?: { origin: string } }).location?.origin ?? 'http://localhost'
  const now = options.now ?? Date.now
  const recordUrl = (key: string) => new URL(`${RECORDS_PATH}${key.split('/').map(encodeURIComponent).join('/')}`, origin).href

  let snapshot: DownloadsSnapshot = { status: cacheStorage ? 'loading' : 'unsupported', episodes: [], inProgress: {} }
  const listeners = new Set<() => void>()
  const set = (next: Partial<DownloadsSnapshot>) => {
    snapshot = { ...snapshot, ...next }
    for (const listener of listeners) listener()
  }
  const open = () => {
    if (!cacheStorage) throw new DownloadError('unsupported', 'This browser cannot keep episodes (no Cache Storage)')
    return cacheStorage.open(DOWNLOADS_CACHE_NAME)
  }

  let loading: Promise<void> | undefined
  function load(): Promise<void> {
    if (!cacheStorage) return Promise.resolve()
    loading ??= (async () => {
      const cache = await open()
      const episodes: DownloadedEpisode[] = []
      for (const request of await cache.keys()) {
        if (!new URL(request.url).pathname.startsWith(RECORDS_PATH)) continue
        const response = await cache.match(request)
        try {
          if (response) episodes.push((await response.json()) as DownloadedEpisode)
        } catch {
          // A record that cannot be read is dropped with its entry; its pages go with the next removeAll.
          await cache.delete(request)
        }
      }
      episodes.sort((a, b) => a.downloadedAt - b.downloadedAt)
      set({ status: 'ready', episodes })
    })()
    return loading
  }

  /** Deletes an episode's pages that no other download uses, and its record. */
  async function deleteEpisode(cache: Cache, episode: DownloadedEpisode, keep: readonly DownloadedEpisode[]) {
    const used = new Set(keep.filter((other) => downloadKey(other) !== downloadKey(episode)).flatMap((other) => other.assets.flatMap(imageUrlsOf)))
    for (const url of episode.assets.flatMap(imageUrlsOf)) if (!used.has(url) && !url.startsWith('data:')) await cache.delete(new URL(url, origin).href)
    await cache.delete(recordUrl(downloadKey(episode)))
  }

  async function roomFor(bytes: number): Promise<boolean> {
    if (!storage?.estimate) return true
    const { quota, usage } = await storage.estimate()
    if (quota === undefined) return true
    return quota - (usage ?? 0) >= bytes
  }

  const fullError = (cause?: unknown) => new DownloadError('storage-full', 'Not enough room on this device for the episode', { cause })
  const isQuotaError = (error: unknown) => error instanceof Error && (error.name === 'QuotaExceededError' || /quota/i.test(error.message))

  async function download(episode: EpisodeToDownload, viewer: Viewer): Promise<DownloadedEpisode> {
    const refusal = downloadRefusal(episode.chapter, episode.chapters, viewer, { uncensored: episode.uncensored })
    if (refusal) throw new DownloadError(refusal, refusal === 'locked' ? 'The episode is locked for this reader' : 'The uncensored edition needs uncensored access')
    const cache = await open()
    await load()
    const key = downloadKey(episode)
    // The quota before anything is fetched, then again with the pages' real sizes before anything is written.
    if (!(await roomFor(episode.assets.length * PAGE_BYTES_RESERVE))) throw fullError()
    if (storage?.persist && !(await storage.persisted?.())) await storage.persist().catch(() => false)

    const total = episode.assets.length
    const progress = (saved: number) => set({ inProgress: { ...snapshot.inProgress, [key]: { saved, total } } })
    const done = () => {
      const { [key]: _finished, ...rest } = snapshot.inProgress
      set({ inProgress: rest })
    }
    progress(0)
    const pages: { url: string; response: Response; bytes: number }[] = []
    try {
      for (const [index, asset] of episode.assets.entries()) {
        // A tall page is kept as its tiles, the images the reader shows for it, not the whole page.
        for (const image of imageUrlsOf(asset)) {
          const url = new URL(image, origin).href
          let response: Response
          try {
            response = await fetchPage(url, { credentials: 'same-origin' })
          } catch (cause) {
            throw new DownloadError('network', `Page ${index + 1} of ${total} could not be fetched`, { cause })
          }
          if (!response.ok) throw new DownloadError('network', `Page ${index + 1} of ${total} answered ${response.status}`)
          const body = await response.blob()
          pages.push({ url, bytes: body.size, response: new Response(body, { status: 200, headers: { 'content-type': response.headers.get('content-type') ?? body.type } }) })
        }
        progress(index + 1)
      }
      const bytes = pages.reduce((sum, page) => sum + page.bytes, 0)
      if (!(await roomFor(bytes))) throw fullError()
      // Pages are stored without the query of a signed URL's expiry in their record's way: each by its full URL.
      const saved: DownloadedEpisode = {
        comic: episode.comic,
        chapter: episode.chapter,
        chapters: episode.chapters,
        uncensored: episode.uncensored,
        variant: episode.variant,
        assets: episode.assets.map(({ widths: _renditions, tiles, ...asset }) => ({
          ...asset,
          url: new URL(asset.url, origin).href,
          ...(tiles ? { tiles: tiles.map(({ widths: _tileRenditions, ...tile }) => ({ ...tile, url: new URL(tile.url, origin).href })) } : {}),
        })),
        ...(episode.transcript ? { transcript: episode.transcript } : {}),
        bytes,
        downloadedAt: now(),
      }
      try {
        // A data: URL carries its image in itself (and Cache Storage keeps http(s) URLs only): nothing to store.
        for (const page of pages) if (!page.url.startsWith('data:')) await cache.put(page.url, page.response)
        await cache.put(recordUrl(key), new Response(JSON.stringify(saved), { headers: { 'content-type': 'application/json' } }))
      } catch (error) {
        await deleteEpisode(cache, saved, snapshot.episodes)
        throw isQuotaError(error) ? fullError(error) : error
      }
      set({ episodes: [...snapshot.episodes.filter((other) => downloadKey(other) !== key), saved] })
      return saved
    } finally {
      done()
    }
  }

  async function remove(key: string): Promise<void> {
    await load()
    const episode = snapshot.episodes.find((candidate) => downloadKey(candidate) === key)
    if (!episode) return
    await deleteEpisode(await open(), episode, snapshot.episodes)
    set({ episodes: snapshot.episodes.filter((candidate) => downloadKey(candidate) !== key) })
  }

  async function removeAll(): Promise<void> {
    if (!cacheStorage) return
    await load()
    await cacheStorage.delete(DOWNLOADS_CACHE_NAME)
    set({ episodes: [] })
  }

  async function removeRevoked(viewer: Viewer): Promise<DownloadedEpisode[]> {
    await load()
    const revoked = downloadsToRemove(snapshot.episodes, viewer)
    for (const episode of revoked) await remove(downloadKey(episode))
    return revoked
  }

  function find(comicId: string, chapterId: string, variant?: AssetVariant): DownloadedEpisode | undefined {
    return snapshot.episodes.find((episode) => episode.comic.id === comicId && episode.chapter.id === chapterId && (!variant || episode.variant === variant))
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => snapshot,
    load,
    download,
    remove,
    removeAll,
    removeRevoked,
    find,
  }
}
