import { sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { assets, chapters, comicGenres, comics, genres } from '../db/schema'
import type { FileStore } from '../files/file-store'
import type { Renditions } from '../files/renditions'
import { buildImagePool } from './image-pool'
import { randomSource } from './page-image'

export interface SeedOptions {
  /** Episodes to create in all (spread over comics of up to 80 episodes). */
  episodes: number
  /** Distinct page images per variant. */
  poolSize: number
  /**
   * One more comic, rated T and shown on the mirror, whose `episodes` episodes all have `pages` pages of
   * images of their own (distinct within an episode and from the neighbouring episodes), for measuring
   * a reader on a long episode where the browser cache cannot stand in for the network.
   */
  longComic?: { episodes: number; pages: number }
  now?: Date
  log?: (line: string) => void
  /** Where the page images' renditions are queued (in the background: await its `settled()`); none are made ahead without it. */
  renditions?: Renditions
}

const GENRES = [
  { name: 'Romance', mature: false },
  { name: 'Drama', mature: false },
  { name: 'Fantasy', mature: false },
  { name: 'Action', mature: false },
  { name: 'Comedy', mature: false },
  { name: 'Thriller', mature: false },
  { name: 'Mature', mature: true },
  { name: 'Adult Romance', mature: true },
  { name: 'Dark Fantasy', mature: true },
  // Core's `hasUncensoredEdition` looks for this name: comics with it get an uncensored variant.
  { name: 'Uncensored', mature: true },
]

const TITLE_WORDS = ['Moon', 'Crimson', 'Silent', 'Garden', 'Blade', 'Secret', 'Night', 'Office', 'Dragon', 'Summer', 'Velvet', 'Storm']

/**
 * Replaces the catalogue with a generated one: genres (mature ones and 'Uncensored' among them), comics
 * rated AO, T and M with a mix of `displayOnMirror`, chapters numbered from 1 and page images in the
 * censored and legal variants (and uncensored for comics of the Uncensored genre). Rows go in by
 * thousands per statement. Subscriptions and payments are left alone.
 */
export async function seedCatalogue(db: Database, fileStore: FileStore, options: SeedOptions) {
  const log = options.log ?? (() => undefined)
  const started = Date.now()
  const random = randomSource(42)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const longComic = options.longComic
  const pool = await buildImagePool(db, fileStore, options.poolSize, log, { longRun: longComic ? longComic.pages * 2 : 0 })
  // Renditions already on disk (a second seed) are found and skipped.
  options.renditions?.prepare([...Object.values(pool.pages).flat(), ...pool.longRun], (error, image) =>
    log(`rendition of ${image.name} at ${image.width} px failed (it will be made on request): ${String(error)}`),
  )

  await db.execute(sql`truncate table assets, chapters, comic_genres, comics, genres restart identity cascade`)
  const genreRows = await db.insert(genres).values(GENRES).returning()
  const genreByName = new Map(genreRows.map((row) => [row.name, row.id]))
  const plain = genreRows.filter((row) => !row.mature).map((row) => row.id)
  const mature = genreRows.filter((row) => row.mature && row.name !== 'Uncensored').map((row) => row.id)

  // Comics of up to 80 episodes (smaller ones for a small catalogue) until the total is reached.
  const largest = Math.max(6, Math.min(80, Math.floor(options.episodes / 6)))
  const sizes: number[] = []
  for (let left = options.episodes; left > 0; ) {
    const size = Math.min(left, Math.ceil(largest / 2) + Math.floor(random() * (largest / 2 + 1)))
    sizes.push(size)
    left -= size
  }
  const now = options.now ?? new Date()
  const ratings = ['AO', 'T', 'M'] as const
  const comicValues = sizes.map((_, i) => {
    const contentRating = ratings[i % 3]!
    return {
      title: `${pick(TITLE_WORDS)} ${pick(TITLE_WORDS)} ${i + 1}`,
      description: `A ${contentRating === 'AO' ? 'mature ' : ''}story in ${sizes[i]} episodes.`,
      contentRating,
      // Every other T and M comic shows on the mirror; AO never does.
      displayOnMirror: contentRating !== 'AO' && i % 2 === 1,
      coverFile: pick(pool.covers).name,
      bannerFile: i % 5 === 4 ? null : pick(pool.banners).name,
      createdAt: new Date(now.getTime() - (sizes.length - i) * 3_600_000),
    }
  })
  if (longComic) {
    sizes.push(longComic.episodes)
    comicValues.push({
      title: 'Long Strip',
      description: `A story in ${longComic.episodes} episodes of ${longComic.pages} pages each.`,
      contentRating: 'T',
      displayOnMirror: true,
      coverFile: pool.covers[0]!.name,
      bannerFile: pool.banners[0]!.name,
      createdAt: now,
    })
  }
  const comicRows = await db.insert(comics).values(comicValues).returning({ id: comics.id, contentRating: comics.contentRating })

  const links: { comicId: number; genreId: number }[] = []
  const uncensored = new Set<number>()
  comicRows.forEach((comic, i) => {
    const chosen = new Set([pick(plain), pick(plain)])
    if (comic.contentRating === 'AO') {
      chosen.add(pick(mature))
      // Two AO comics in three have an uncensored edition.
      if (i % 9 !== 6) {
        chosen.add(genreByName.get('Uncensored')!)
        uncensored.add(comic.id)
      }
    }
    for (const genreId of chosen) links.push({ comicId: comic.id, genreId })
  })
  await db.insert(comicGenres).values(links)

  const chapterValues = comicRows.flatMap((comic, i) =>
    Array.from({ length: sizes[i]! }, (_, n) => ({
      comicId: comic.id,
      title: `Episode ${n + 1}`,
      chapterNumber: n + 1,
      isFree: n < 3,
      previewFile: pick(pool.previews).name,
    })),
  )
  const chapterRows: { id: number; comicId: number }[] = []
  for (let i = 0; i < chapterValues.length; i += 2000) {
    chapterRows.push(...(await db.insert(chapters).values(chapterValues.slice(i, i + 2000)).returning({ id: chapters.id, comicId: chapters.comicId })))
  }

  let assetCount = 0
  let batch: (typeof assets.$inferInsert)[] = []
  const flush = async () => {
    if (batch.length === 0) return
    await db.insert(assets).values(batch)
    assetCount += batch.length
    batch = []
  }
  const longComicId = longComic ? comicRows[comicRows.length - 1]!.id : null
  const episodeOfLongComic = new Map<number, number>()
  for (const chapter of chapterRows) {
    if (chapter.comicId !== longComicId) continue
    const index = episodeOfLongComic.size
    episodeOfLongComic.set(chapter.id, index)
  }
  for (const chapter of chapterRows) {
    const longIndex = episodeOfLongComic.get(chapter.id)
    if (longComic && longIndex !== undefined) {
      // Alternate halves of the long run: episode n and n + 1 never share an image.
      const offset = (longIndex % 2) * longComic.pages
      for (let position = 1; position <= longComic.pages; position++) {
        batch.push({ comicId: chapter.comicId, chapterId: chapter.id, variant: 'legal', position, file: pool.longRun[offset + position - 1]!.name })
        batch.push({ comicId: chapter.comicId, chapterId: chapter.id, variant: 'censored', position, file: pick(pool.pages.censored).name })
      }
      continue
    }
    const pages = 5 + Math.floor(random() * 6)
    const variants = uncensored.has(chapter.comicId) ? (['censored', 'uncensored', 'legal'] as const) : (['censored', 'legal'] as const)
    for (const variant of variants) {
      for (let position = 1; position <= pages; position++) {
        batch.push({ comicId: chapter.comicId, chapterId: chapter.id, variant, position, file: pick(pool.pages[variant]).name })
      }
    }
    if (batch.length >= 5000) await flush()
  }
  await flush()
  const summary = { comics: comicRows.length, episodes: chapterRows.length, assets: assetCount, seconds: (Date.now() - started) / 1000 }
  log(`seeded ${summary.comics} comics, ${summary.episodes} episodes, ${summary.assets} page rows in ${summary.seconds.toFixed(1)} s`)
  return summary
}
