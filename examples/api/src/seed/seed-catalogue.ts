import { sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { assets, chapters, comicGenres, comics, episodeTranscripts, genres } from '../db/schema'
import { seededPageAlt, seededTranscript } from './accessible-episodes'
import type { FileStore } from '../files/file-store'
import type { Renditions } from '../files/renditions'
import { GENRES, planCatalogue } from './catalogue-plan'
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

/**
 * Replaces the catalogue with a generated one (see `planCatalogue`): genres (mature ones and 'Uncensored'
 * among them), comics rated AO, T and M with a mix of `displayOnMirror`, each with a title, description,
 * cover and banner of its own, chapters numbered from 1 and page images in the censored and legal
 * variants (and uncensored for comics of the Uncensored genre). The first episode of each comic is written
 * for readers who do not see it: alt text on its pages and a transcript (`accessible-episodes.ts`). Rows go
 * in by thousands per statement.
 * Subscriptions and payments are left alone.
 */
export async function seedCatalogue(db: Database, fileStore: FileStore, options: SeedOptions) {
  const log = options.log ?? (() => undefined)
  const started = Date.now()
  const random = randomSource(42)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const longComic = options.longComic
  const plan = planCatalogue({ episodes: options.episodes }, random)
  const artwork = plan.map(({ title, look, banner }) => ({ title, look, banner }))
  if (longComic) artwork.push({ title: 'Long Strip', look: { hue: 200, composition: 3, seed: 9 }, banner: true })
  const pool = await buildImagePool(db, fileStore, options.poolSize, log, { longRun: longComic ? longComic.pages * 2 : 0, artwork })
  // Renditions already on disk (a second seed) are found and skipped.
  options.renditions?.prepare([...Object.values(pool.pages).flat(), ...pool.longRun], (error, image) =>
    log(`rendition of ${image.name} at ${image.width} px failed (it will be made on request): ${String(error)}`),
  )

  await db.execute(sql`truncate table episode_transcripts, assets, chapters, comic_genres, comics, genres restart identity cascade`)
  const genreRows = await db.insert(genres).values(GENRES).returning()
  const genreByName = new Map(genreRows.map((row) => [row.name, row.id]))

  const now = options.now ?? new Date()
  const sizes = plan.map((comic) => comic.episodes)
  const comicValues = plan.map((comic, i) => ({
    title: comic.title,
    description: comic.description,
    contentRating: comic.contentRating,
    displayOnMirror: comic.displayOnMirror,
    coverFile: pool.covers[i]!.name,
    bannerFile: pool.banners[i]?.name ?? null,
    createdAt: new Date(now.getTime() - (plan.length - i) * 3_600_000),
  }))
  const genreNames = plan.map((comic) => comic.genres)
  if (longComic) {
    sizes.push(longComic.episodes)
    genreNames.push(['Drama', 'Slice of Life'])
    comicValues.push({
      title: 'Long Strip',
      description: `A story in ${longComic.episodes} episodes of ${longComic.pages} pages each.`,
      contentRating: 'T',
      displayOnMirror: true,
      coverFile: pool.covers[plan.length]!.name,
      bannerFile: pool.banners[plan.length]?.name ?? null,
      createdAt: now,
    })
  }
  const comicRows = await db.insert(comics).values(comicValues).returning({ id: comics.id, contentRating: comics.contentRating })

  const links = comicRows.flatMap((comic, i) => genreNames[i]!.map((name) => ({ comicId: comic.id, genreId: genreByName.get(name)! })))
  const uncensored = new Set(comicRows.filter((_, i) => genreNames[i]!.includes('Uncensored')).map((comic) => comic.id))
  await db.insert(comicGenres).values(links)

  const chapterValues = comicRows.flatMap((comic, i) =>
    Array.from({ length: sizes[i]! }, (_, n) => ({
      comicId: comic.id,
      title: `Episode ${n + 1}`,
      chapterNumber: n + 1,
      isFree: n < 3,
      previewFile: pick(pool.previews).name,
      // Published since the comic came out.
      publishAt: comicValues[i]!.createdAt,
    })),
  )
  const chapterRows: { id: number; comicId: number; chapterNumber: number }[] = []
  for (let i = 0; i < chapterValues.length; i += 2000) {
    chapterRows.push(
      ...(await db
        .insert(chapters)
        .values(chapterValues.slice(i, i + 2000))
        .returning({ id: chapters.id, comicId: chapters.comicId, chapterNumber: chapters.chapterNumber })),
    )
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
  const comicIndexOf = new Map(comicRows.map((comic, i) => [comic.id, i]))
  const transcripts: (typeof episodeTranscripts.$inferInsert)[] = []
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
    const comicIndex = comicIndexOf.get(chapter.comicId)!
    const accessible = chapter.chapterNumber === 1
    for (const variant of variants) {
      for (let position = 1; position <= pages; position++) {
        const alt = accessible && position > 1 ? seededPageAlt(comicIndex, position) : null
        batch.push({ comicId: chapter.comicId, chapterId: chapter.id, variant, position, file: pick(pool.pages[variant]).name, alt })
      }
    }
    if (accessible) transcripts.push({ chapterId: chapter.id, entries: seededTranscript(comicIndex, plan[comicIndex]!.title, pages), updatedAt: now })
    if (batch.length >= 5000) await flush()
  }
  await flush()
  for (let i = 0; i < transcripts.length; i += 500) await db.insert(episodeTranscripts).values(transcripts.slice(i, i + 500))
  const summary = { comics: comicRows.length, episodes: chapterRows.length, assets: assetCount, seconds: (Date.now() - started) / 1000 }
  log(`seeded ${summary.comics} comics, ${summary.episodes} episodes, ${summary.assets} page rows in ${summary.seconds.toFixed(1)} s`)
  return summary
}
