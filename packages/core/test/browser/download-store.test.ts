import { afterEach, describe, expect, it } from 'vitest'
import {
  createDownloadStore,
  DOWNLOADS_CACHE_NAME,
  DownloadError,
  downloadKey,
  NetworkError,
  withOfflineDownloads,
  type Asset,
  type Chapter,
  type Comic,
  type ComicsApi,
  type EpisodeToDownload,
  type Transcript,
  type Viewer,
} from '../../src'

// The download store in Chromium: real Cache Storage, real fetches of page images from the test server.
const pageUrl = (n: number) => new URL(`./fixtures/page-${n}.png`, import.meta.url).href
const comic: Comic = { id: 'c1', title: 'Night Shift', description: '', coverImageUrl: '', bannerImageUrl: '', contentRating: 'T', genres: [], displayOnMirror: true } as unknown as Comic
const chapters: Chapter[] = [1, 2, 3, 4, 5].map((n) => ({ id: `e${n}`, comicsId: 'c1', title: `Episode ${n}`, chapterNumber: n, isFree: n <= 3, previewImageUrl: '' }) as Chapter)
const assets: Asset[] = [1, 2, 3].map((n) => ({ id: `a${n}`, url: pageUrl(n), width: 192, height: 192, widths: [96] }) as Asset)
const guest: Viewer = { signedIn: false, level: 0 }
const subscriber: Viewer = { signedIn: true, level: 1 }
const episode = (n: number, extra: Partial<EpisodeToDownload> = {}): EpisodeToDownload => ({ comic, chapter: chapters[n - 1]!, chapters, uncensored: false, variant: 'censored', assets, ...extra })
const roomy = { estimate: async () => ({ quota: 1e9, usage: 0 }) }
const cachedUrls = async () => (await (await caches.open(DOWNLOADS_CACHE_NAME)).keys()).map((request) => request.url)

afterEach(async () => {
  await caches.delete(DOWNLOADS_CACHE_NAME)
})

describe('the download store', () => {
  it("saves a free episode's pages and record, with its size and the progress page by page", async () => {
    const store = createDownloadStore()
    const seen: string[] = []
    store.subscribe(() => {
      const progress = store.getSnapshot().inProgress[downloadKey(episode(1))]
      if (progress && seen.at(-1) !== `${progress.saved}/${progress.total}`) seen.push(`${progress.saved}/${progress.total}`)
    })
    const saved = await store.download(episode(1), guest)
    expect(seen).toEqual(['0/3', '1/3', '2/3', '3/3'])
    expect(store.getSnapshot().inProgress).toEqual({})
    const sizes = await Promise.all(assets.map(async (asset) => (await (await fetch(asset.url)).blob()).size))
    expect(saved.bytes).toBe(sizes.reduce((a, b) => a + b, 0))
    // Pages without their renditions: offline the reader asks for the page itself, which is stored.
    expect(saved.assets.map((asset) => asset.widths)).toEqual([undefined, undefined, undefined])
    expect(await cachedUrls()).toEqual(expect.arrayContaining(assets.map((asset) => asset.url)))

    // A new store on the same device reads the same downloads.
    const again = createDownloadStore()
    await again.load()
    expect(again.getSnapshot().episodes.map(downloadKey)).toEqual(['c1/e1/censored'])
    expect(again.find('c1', 'e1')?.bytes).toBe(saved.bytes)
  })

  it("keeps a tall page as its tiles, not the whole page, and removes them with it", async () => {
    // The whole page (page 3 here) is never fetched: a phone shows the tiles, and offline it reads those.
    const tall: Asset = {
      id: 't1', url: pageUrl(3), width: 192, height: 384, widths: [96],
      tiles: [{ url: pageUrl(1), width: 192, height: 192, widths: [96] }, { url: pageUrl(2), width: 192, height: 192, widths: [96] }],
    }
    const store = createDownloadStore({ storage: roomy })
    const seen: string[] = []
    store.subscribe(() => {
      const progress = store.getSnapshot().inProgress['c1/e1/censored']
      if (progress && seen.at(-1) !== `${progress.saved}/${progress.total}`) seen.push(`${progress.saved}/${progress.total}`)
    })
    const saved = await store.download(episode(1, { assets: [tall] }), guest)
    expect(seen).toEqual(['0/1', '1/1'])
    const sizes = await Promise.all([1, 2].map(async (n) => (await (await fetch(pageUrl(n))).blob()).size))
    expect(saved.bytes).toBe(sizes[0]! + sizes[1]!)
    const images = async () => (await cachedUrls()).filter((url) => !url.includes('/__comics-downloads__/')).sort()
    expect(await images()).toEqual([pageUrl(1), pageUrl(2)])
    // The tiles without their renditions, as the page: offline the reader asks for what is stored.
    expect(saved.assets[0]!.widths).toBeUndefined()
    expect(saved.assets[0]!.tiles).toEqual([{ url: pageUrl(1), width: 192, height: 192 }, { url: pageUrl(2), width: 192, height: 192 }])
    await store.remove('c1/e1/censored')
    expect(await images()).toEqual([])
  })

  it('refuses a locked episode and an uncensored one without the level, fetching nothing', async () => {
    const store = createDownloadStore({ storage: roomy })
    await expect(store.download(episode(4), guest)).rejects.toMatchObject({ name: 'DownloadError', code: 'locked' })
    await expect(store.download(episode(1, { uncensored: true, variant: 'uncensored' }), subscriber)).rejects.toMatchObject({ code: 'uncensored' })
    expect(await cachedUrls()).toEqual([])
    expect(store.getSnapshot().episodes).toEqual([])
  })

  it('says the device is full before writing anything, and asks the browser to keep its storage', async () => {
    let persistAsked = 0
    const full = { estimate: async () => ({ quota: 1_000_000, usage: 900_000 }), persisted: async () => false, persist: async () => (persistAsked++, true) }
    const store = createDownloadStore({ storage: full })
    const error = await store.download(episode(1), guest).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DownloadError)
    expect((error as DownloadError).code).toBe('storage-full')
    expect(await cachedUrls()).toEqual([])

    const roomyUnpersisted = { ...roomy, persisted: async () => false, persist: async () => (persistAsked++, true) }
    await createDownloadStore({ storage: roomyUnpersisted }).download(episode(1), guest)
    expect(persistAsked).toBe(1)
  })

  it('keeps nothing of a download whose page fails, and a retry saves it', async () => {
    const broken = { ...episode(2), assets: [assets[0]!, { ...assets[1]!, url: pageUrl(99) }] }
    const store = createDownloadStore({ storage: roomy })
    await expect(store.download(broken, guest)).rejects.toMatchObject({ code: 'network' })
    expect(await cachedUrls()).toEqual([])
    expect(store.getSnapshot().episodes).toEqual([])
    await store.download(episode(2), guest)
    expect(store.getSnapshot().episodes).toHaveLength(1)
  })

  it("removes one, all, and a subscription's episodes once it has ended (a page still used by another download stays)", async () => {
    const store = createDownloadStore({ storage: roomy })
    await store.download(episode(1), subscriber)
    await store.download(episode(4, { assets: [assets[2]!] }), subscriber)
    await store.download(episode(5, { assets: [{ ...assets[0]!, id: 'a9' }] }), subscriber)
    // The subscription ended: episodes 4 and 5 are locked again; 5's page is also episode 1's and stays.
    const removed = await store.removeRevoked({ signedIn: true, level: 0 })
    expect(removed.map(downloadKey)).toEqual(['c1/e4/censored', 'c1/e5/censored'])
    expect(store.getSnapshot().episodes.map(downloadKey)).toEqual(['c1/e1/censored'])
    expect(await cachedUrls()).toEqual(expect.arrayContaining(assets.map((asset) => asset.url)))
    expect((await cachedUrls()).some((url) => url.includes('/e4/'))).toBe(false)

    await store.download(episode(2), guest)
    await store.remove('c1/e2/censored')
    expect(store.getSnapshot().episodes.map(downloadKey)).toEqual(['c1/e1/censored'])
    await store.removeAll()
    expect(store.getSnapshot().episodes).toEqual([])
    expect(await caches.has(DOWNLOADS_CACHE_NAME)).toBe(false)
  })
})

describe('withOfflineDownloads', () => {
  const noNetwork = () => Promise.reject(new NetworkError('network', 'listComics'))
  const offlineApi = { comics: { list: noNetwork, home: noNetwork }, chapters: { ofComic: noNetwork }, assets: { ofEpisode: noNetwork }, transcripts: { ofEpisode: noNetwork } } as unknown as ComicsApi

  it("answers a downloaded comic, its episodes and a downloaded episode's pages when there is no network; anything else still fails", async () => {
    const store = createDownloadStore({ storage: roomy })
    await store.download(episode(1), guest)
    const api = withOfflineDownloads(offlineApi, store)
    expect((await api.comics.home()).data.map((each) => each.id)).toEqual(['c1'])
    expect((await api.comics.list({ limit: 1, offset: 0, filters: { id: ['c1'] } })).data[0]?.title).toBe('Night Shift')
    expect((await api.chapters.ofComic('c1')).data.map((each) => each.id)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5'])
    expect((await api.assets.ofEpisode({ comicId: 'c1', chapterId: 'e1', variant: 'censored' })).data.map((each) => each.url)).toEqual(assets.map((each) => each.url))
    await expect(api.assets.ofEpisode({ comicId: 'c1', chapterId: 'e4', variant: 'censored' })).rejects.toBeInstanceOf(NetworkError)
    await expect(api.chapters.ofComic('other')).rejects.toBeInstanceOf(NetworkError)
  })

  it("passes a server's refusal through: only a missing network is answered from downloads", async () => {
    const store = createDownloadStore({ storage: roomy })
    await store.download(episode(1), guest)
    const refused = Object.assign(new Error('forbidden'), { status: 403 })
    const api = withOfflineDownloads({ ...offlineApi, assets: { ofEpisode: () => Promise.reject(refused) } } as unknown as ComicsApi, store)
    await expect(api.assets.ofEpisode({ comicId: 'c1', chapterId: 'e1', variant: 'censored' })).rejects.toBe(refused)
  })
})

describe('an episode with alt text and a transcript', () => {
  const transcript: Transcript = {
    chapterId: 'e1',
    updatedAt: '2026-03-01T12:00:00.000Z',
    entries: [
      { page: 1, kind: 'narration', text: 'Midnight.' },
      { page: 2, kind: 'dialogue', speaker: 'Mara', text: 'You came.' },
    ],
  }
  const described = assets.map((asset, index) => (index === 0 ? { ...asset, alt: 'A harbour at night.' } : asset))
  const noNetwork = () => Promise.reject(new NetworkError('network', 'getTranscript'))
  const offlineApi = { comics: { list: noNetwork, home: noNetwork }, chapters: { ofComic: noNetwork }, assets: { ofEpisode: noNetwork }, transcripts: { ofEpisode: noNetwork } } as unknown as ComicsApi

  it('keeps both with its pages, and answers them offline; an episode downloaded without one fails as any read offline', async () => {
    const store = createDownloadStore({ storage: roomy })
    await store.download(episode(1, { assets: described, transcript }), guest)
    await store.download(episode(2), guest)
    const again = createDownloadStore()
    await again.load()
    expect(again.find('c1', 'e1')?.transcript).toEqual(transcript)
    expect(again.find('c1', 'e2')).not.toHaveProperty('transcript')

    const api = withOfflineDownloads(offlineApi, again)
    expect((await api.assets.ofEpisode({ comicId: 'c1', chapterId: 'e1', variant: 'censored' })).data.map((page) => page.alt)).toEqual(['A harbour at night.', undefined, undefined])
    expect(await api.transcripts.ofEpisode('e1')).toEqual(transcript)
    await expect(api.transcripts.ofEpisode('e2')).rejects.toBeInstanceOf(NetworkError)
    await expect(api.transcripts.ofEpisode('e4')).rejects.toBeInstanceOf(NetworkError)
  })

  it('asks the network first: online, the transcript is the service’s', async () => {
    const store = createDownloadStore({ storage: roomy })
    await store.download(episode(1, { transcript }), guest)
    const newer = { ...transcript, entries: transcript.entries.slice(1) }
    const api = withOfflineDownloads({ ...offlineApi, transcripts: { ofEpisode: async () => newer } } as unknown as ComicsApi, store)
    expect(await api.transcripts.ofEpisode('e1')).toEqual(newer)
  })
})

describe('pages given as data: URLs', () => {
  it('keeps them in the record alone, counted in the size', async () => {
    const inline = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>')
    const store = createDownloadStore({ storage: roomy })
    const saved = await store.download(episode(1, { assets: [{ ...assets[0]!, url: inline }] }), guest)
    expect(saved.assets[0]?.url).toBe(inline)
    expect(saved.bytes).toBeGreaterThan(0)
    expect((await cachedUrls()).filter((url) => !url.includes('/__comics-downloads__/'))).toEqual([])
    await store.removeAll()
  })
})
