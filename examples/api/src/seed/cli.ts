import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { openDatabase } from '../db/open-database'
import { FileStore } from '../files/file-store'
import { Renditions } from '../files/renditions'
import { storageOf } from '../files/storage-of'
import { FIRST_START_CATALOGUE } from './catalogue-plan'
import { seedCatalogue } from './seed-catalogue'

// pnpm --filter api seed [--episodes N] [--pool N] [--long-comic EPISODESxPAGES]: replaces the catalogue
// (users' subscriptions stay) with the first start's unless told otherwise. --long-comic 12x60 adds a
// mirror comic of 12 episodes of 60 pages each.
const { values } = parseArgs({
  options: {
    episodes: { type: 'string', default: String(FIRST_START_CATALOGUE.episodes) },
    pool: { type: 'string', default: String(FIRST_START_CATALOGUE.poolSize) },
    'long-comic': { type: 'string' },
  },
})
const episodes = Number(values.episodes)
const poolSize = Number(values.pool)
const longMatch = values['long-comic'] === undefined ? null : /^(\d+)x(\d+)$/.exec(values['long-comic'])
const longComic = longMatch ? { episodes: Number(longMatch[1]), pages: Number(longMatch[2]) } : undefined
const usable = (n: number, max = Infinity) => Number.isInteger(n) && n >= 1 && n <= max
if (
  !usable(episodes) ||
  !usable(poolSize) ||
  (values['long-comic'] !== undefined && !(longComic && usable(longComic.episodes, 200) && usable(longComic.pages, 200)))
) {
  console.error('Usage: seed [--episodes N] [--pool N] [--long-comic EPISODESxPAGES]  (positive integers; at most 200 episodes and 200 pages)')
  process.exit(2)
}
const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
)
const fileStore = new FileStore(storageOf(config), config.filesPublicUrl, config.filesDir)
const renditions = new Renditions(fileStore)
try {
  await seedCatalogue(database.db, fileStore, { episodes, poolSize, ...(longComic ? { longComic } : {}), renditions, log: console.log })
  const made = Date.now()
  await renditions.settled()
  console.log(`page renditions made in ${Date.now() - made} ms after the rows`)
} finally {
  // After a failed seed: what is queued is dropped.
  await renditions.close()
  await database.close()
}
