import { CatalogueCache } from './catalogue/catalogue-cache'
import { clockOf } from './clock'
import { loadConfig } from './config'
import { openDatabase } from './db/open-database'
import { FileStore } from './files/file-store'
import { Renditions } from './files/renditions'
import { FIRST_START_CATALOGUE } from './seed/catalogue-plan'
import { hasCatalogue } from './seed/has-catalogue'
import type { TokenVerifier } from './auth/token-verifier'

// pnpm --filter api start: listens on 127.0.0.1:8787 (HOST, PORT) with the embedded database unless
// DATABASE_URL is set, seeding its catalogue on the first start (over 3000 episodes; SEED_EPISODES).
const startedAt = Date.now()
const config = loadConfig()
const clock = clockOf(process.env)
const fileStore = new FileStore(config.filesDir, config.filesPublicUrl)
const renditions = new Renditions(fileStore)

// Opening the database (PGlite compiles its WebAssembly) overlaps with loading the server's modules:
// that is most of a cold start. firebase-admin, the heaviest module, is loaded once the server listens
// (see `verifierLoadedAfterListening`): only signed-in calls need it, and they wait for it.
const [database, { buildApp }, { renewDueSubscriptions }, { createSandbox }] = await Promise.all([
  openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir }),
  import('./app'),
  import('./payments/renew-subscriptions'),
  import('./payments/sandbox/create-sandbox'),
])
if (config.seedOnFirstStart && !(await hasCatalogue(database.db))) {
  const { seedCatalogue } = await import('./seed/seed-catalogue')
  // The page images' renditions are made in the background while the server starts answering.
  await seedCatalogue(database.db, fileStore, {
    episodes: config.seedEpisodes,
    poolSize: FIRST_START_CATALOGUE.poolSize,
    renditions,
    log: (line) => console.log(`[seed] ${line}`),
  })
}
const verifier = verifierLoadedAfterListening()
// The sandbox stands in for a payment provider: its events reach the webhook over HTTP, like a real one's.
const sandbox = createSandbox(config, database.db, clock)
// Kept catalogue reads expire when the next scheduled episode comes out.
const cache = new CatalogueCache(undefined, { clock, nextPublishTime: async (after) => (await import('./catalogue/list-chapters')).nextPublishTime(database.db, after) })
const context = { config, db: database.db, clock, verifier, cache, fileStore, renditions, provider: sandbox, sandbox }
const app = await buildApp(context)
await app.listen({ host: config.host, port: config.port })
sandbox.start()
verifier.load()
app.log.info(
  { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined, startupMs: Date.now() - startedAt },
  'api ready',
)

// Renewals and expiries are settled every minute.
const renewals = setInterval(() => {
  renewDueSubscriptions(database.db, clock, sandbox).then(
    (result) => (result.renewed || result.failed || result.expired || result.refunded || result.refundsLeft) && app.log.info(result, 'subscriptions settled'),
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

/** A token verifier whose firebase-admin is loaded on `load()` (or by the first token, if that comes first). */
function verifierLoadedAfterListening(): TokenVerifier & { load(): void } {
  let loaded: Promise<TokenVerifier> | undefined
  const load = () =>
    (loaded ??= import('./auth/firebase-token-verifier')
      .then(({ createFirebaseTokenVerifier }) =>
        createFirebaseTokenVerifier({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseAuthEmulatorHost }),
      )
      .catch((error: unknown) => {
        loaded = undefined // the next token tries again
        throw error
      }))
  return {
    load: () => void load().catch((error: unknown) => console.error('firebase-admin failed to load', error)),
    verify: async (idToken) => (await load()).verify(idToken),
    deleteAccount: async (uid) => (await load()).deleteAccount(uid),
  }
}
