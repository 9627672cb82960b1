import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { openDatabase } from '../db/open-database'
import { FileStore } from '../files/file-store'
import { seedCatalogue } from './seed-catalogue'

// pnpm --filter api seed [--episodes N] [--pool N]: replaces the catalogue (users' subscriptions stay).
const { values } = parseArgs({
  options: { episodes: { type: 'string', default: '60' }, pool: { type: 'string', default: '30' } },
})
const episodes = Number(values.episodes)
const poolSize = Number(values.pool)
if (!Number.isInteger(episodes) || episodes < 1 || !Number.isInteger(poolSize) || poolSize < 1) {
  console.error('Usage: seed [--episodes N] [--pool N]  (positive integers)')
  process.exit(2)
}
const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
)
try {
  await seedCatalogue(database.db, new FileStore(config.filesDir, config.filesPublicUrl), { episodes, poolSize, log: console.log })
} finally {
  await database.close()
}
