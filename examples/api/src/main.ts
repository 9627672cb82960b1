import { buildApp } from './app'
import { createFirebaseTokenVerifier } from './auth/firebase-token-verifier'
import { CatalogueCache } from './catalogue/catalogue-cache'
import { systemClock } from './clock'
import { loadConfig } from './config'
import { openDatabase } from './db/open-database'
import { FileStore } from './files/file-store'
import { renewDueSubscriptions } from './payments/renew-subscriptions'
import { hasCatalogue, seedCatalogue } from './seed/seed-catalogue'

// pnpm --filter api start: listens on 127.0.0.1:8787 (HOST, PORT) with the embedded database unless
// DATABASE_URL is set, seeding a small catalogue on the first start.
const startedAt = Date.now()
const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
)
const fileStore = new FileStore(config.filesDir, config.filesPublicUrl)
if (config.seedOnFirstStart && !(await hasCatalogue(database.db))) {
  await seedCatalogue(database.db, fileStore, { episodes: 60, poolSize: 8, log: (line) => console.log(`[seed] ${line}`) })
}
const verifier = await createFirebaseTokenVerifier({
  projectId: config.firebaseProjectId,
  emulatorHost: config.firebaseAuthEmulatorHost,
})
const context = { config, db: database.db, clock: systemClock, verifier, cache: new CatalogueCache(), fileStore }
const app = await buildApp(context)
await app.listen({ host: config.host, port: config.port })
app.log.info(
  { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined, startupMs: Date.now() - startedAt },
  'api ready',
)

// Renewals and expiries are settled every minute.
const renewals = setInterval(() => {
  renewDueSubscriptions(database.db, systemClock).then(
    (result) => (result.renewed || result.expired) && app.log.info(result, 'subscriptions settled'),
    (error: unknown) => app.log.error({ err: error }, 'renewal failed'),
  )
}, 60_000)
renewals.unref()

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(renewals)
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0))
  })
}
