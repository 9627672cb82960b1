import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { Database, OpenDatabase } from '../src/db/database'
import { openDatabase } from '../src/db/open-database'
import { chapters, comics } from '../src/db/schema'
import { FileStore } from '../src/files/file-store'
import { seedCatalogue } from '../src/seed/seed-catalogue'
import { startPostgres } from '../test/support/postgres-cluster'

export interface BenchDatabase {
  kind: 'pglite' | 'postgres'
  /** What the API process needs to use it (DATA_DIR or DATABASE_URL, FILES_DIR, no seeding on start). */
  env: Record<string, string>
  /** Opens it from this process (for PGlite, only while no server has it open). */
  open(): Promise<OpenDatabase>
  /** Stops the PostgreSQL cluster; the PGlite folder stays for the next run. */
  stop(): Promise<void>
}

/**
 * A database with a catalogue of at least `episodes` episodes: PGlite in `folder`/pglite (seeded once and
 * kept), or a throwaway PostgreSQL 15 cluster seeded on each run. Images go to `folder`/files.
 */
export async function prepareBenchDatabase(kind: 'pglite' | 'postgres', folder: string, episodes: number): Promise<BenchDatabase> {
  const filesDir = `${folder}/files`
  const env: Record<string, string> = { FILES_DIR: filesDir, SEED_ON_FIRST_START: '0' }
  const ensureCatalogue = async (db: Database) => {
    const [row] = await db.select({ total: count() }).from(chapters)
    if ((row?.total ?? 0) >= episodes) return
    await seedCatalogue(db, FileStore.onDisk(filesDir, '/api/v1/files'), { episodes, poolSize: 30, log: (line) => console.log(`  [seed] ${line}`) })
  }
  if (kind === 'pglite') {
    const dataDir = `${folder}/pglite`
    const open = () => openDatabase({ kind: 'pglite', dataDir })
    const database = await open()
    await ensureCatalogue(database.db)
    await database.close()
    return { kind, env: { ...env, DATA_DIR: dataDir }, open, stop: async () => {} }
  }
  const postgres = await startPostgres()
  const open = () => openDatabase({ kind: 'postgres', url: postgres.url })
  const database = await open()
  await ensureCatalogue(database.db)
  await database.close()
  return { kind, env: { ...env, DATABASE_URL: postgres.url }, open, stop: postgres.stop }
}

/** Bodies of the bench's calls: the newest comics, the episodes of the longest AO comic, the pages of its first episode. */
export async function benchTargets(db: Database) {
  const [longest] = await db
    .select({ comicId: chapters.comicId, episodes: count() })
    .from(chapters)
    .innerJoin(comics, and(eq(comics.id, chapters.comicId), eq(comics.contentRating, 'AO')))
    .groupBy(chapters.comicId)
    .orderBy(({ episodes: e }) => [desc(e)])
  const all = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.comicId, longest!.comicId)).orderBy(asc(chapters.chapterNumber))
  const comicId = String(longest!.comicId)
  // A reader's positions in 20 comics of the mirror host and the 5 comics they follow (the sync calls; a
  // request without a Host header of the adult host is the mirror's).
  const adultComics = await db.select({ id: comics.id }).from(comics).where(eq(comics.displayOnMirror, true)).orderBy(asc(comics.id)).limit(20)
  const firstChapters = await Promise.all(
    adultComics.map(async (comic) => (await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.comicId, comic.id)).orderBy(asc(chapters.chapterNumber)).limit(1))[0]),
  )
  const positions = adultComics.flatMap((comic, index) => {
    const chapter = firstChapters[index]
    return chapter ? [{ comicId: String(comic.id), chapterId: String(chapter.id), chapterTitle: 'Episode 1', page: index, offset: 0 }] : []
  })
  return {
    reading: { positions, followedComicIds: positions.slice(0, 5).map((position) => position.comicId) },
    comicsList: { limit: 10, offset: 0, sort: { field: 'created_at', order: 'desc' } },
    chaptersList: { limit: 200, offset: 0, filters: { comicsId: [comicId] } },
    assetsList: { limit: 200, offset: 0, filters: { comicsId: [comicId], chapterId: [String(all[0]!.id)], variant: ['censored'] } },
  }
}
