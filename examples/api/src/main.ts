import { CatalogueCache } from './catalogue/catalogue-cache'
import { clockOf } from './clock'
import { loadConfig } from './config'
import { openDatabase } from './db/open-database'
import { FileStore } from './files/file-store'
import { Renditions } from './files/renditions'
import { storageOf } from './files/storage-of'
import { FIRST_START_CATALOGUE } from './seed/catalogue-plan'
import { hasCatalogue } from './seed/has-catalogue'
import type { TokenVerifier } from './auth/token-verifier'

// pnpm --filter api start: listens on 127.0.0.1:8787 (HOST, PORT) with the embedded database unless
// DATABASE_URL is set, seeding its catalogue on the first start (over 3000 episodes; SEED_EPISODES).
// Stops gracefully on SIGTERM or SIGINT (see `stop`). Operating it: docs/deploy.md, "API".
const startedAt = Date.now()
const config = loadOrExit()
const clock = clockOf(process.env)
const fileStore = new FileStore(storageOf(config), config.filesPublicUrl, config.filesDir)
const renditions = new Renditions(fileStore)

// Opening the database (PGlite compiles its WebAssembly) overlaps with loading the server's modules:
// that is most of a cold start. firebase-admin, the heaviest module, is loaded once the server listens
// (see `verifierLoadedAfterListening`): only signed-in calls need it, and they wait for it.
// With MIGRATE_ON_START=false (the production default) migrations are the release step's, and a schema
// that is not exactly this build's stops the start here.
const [database, { buildApp }, { createApiJobs }, { createSandbox }, { PaymentProviders }] = await Promise.all([
  openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir }, {
    migrate: config.migrateOnStart,
  }).catch((error: unknown) => exit(error instanceof Error ? error.message : String(error))),
  import('./app'),
  import('./jobs/api-jobs'),
  import('./payments/sandbox/create-sandbox'),
  import('./payments/provider/payment-providers'),
])
// The provider of each host mode (PAYMENT_PROVIDER; production refuses the sandbox in loadConfig). The
// sandbox, on one machine, sends its events to the webhook over HTTP, like a real provider.
const usesSandbox = Object.values(config.paymentProviders).includes('sandbox')
const sandbox = usesSandbox ? createSandbox(config, database.db, clock) : undefined
const stripe = config.stripe ? new (await import('./payments/stripe/stripe-provider')).StripeProvider(config.stripe) : undefined
const providerNamed = (name: 'sandbox' | 'stripe') => (name === 'sandbox' ? sandbox : stripe)!
const providers = new PaymentProviders({ adult: providerNamed(config.paymentProviders.adult), normal: providerNamed(config.paymentProviders.normal) })
// Renditions made ahead and the renewal run are durable jobs in the database, shared by every instance
// (each done once, resumed after a restart); `prepare` queues renditions there from now on.
const jobs = await createApiJobs({ db: database.db, clock, provider: providers, renditions, log: jobLog() }).catch((error: unknown) =>
  exit(`the job queue could not start: ${error instanceof Error ? error.message : String(error)}`),
)
if (config.seedOnFirstStart && !(await hasCatalogue(database.db))) {
  const { seedCatalogue } = await import('./seed/seed-catalogue')
  // The page images' renditions are made in the background while the server starts answering.
  await seedCatalogue(database.db, fileStore, {
    episodes: config.seedEpisodes,
    ...(config.seedLongComic ? { longComic: config.seedLongComic } : {}),
    poolSize: FIRST_START_CATALOGUE.poolSize,
    renditions,
    log: (line) => console.log(`[seed] ${line}`),
  })
}
const verifier = verifierLoadedAfterListening()
// Kept catalogue reads expire when the next scheduled episode comes out, and at most
// CATALOGUE_CACHE_MAX_AGE_MS after they were read; any instance's admin write clears them (LISTEN/NOTIFY).
const cache = new CatalogueCache(
  undefined,
  { clock, nextPublishTime: async (after) => (await import('./catalogue/list-chapters')).nextPublishTime(database.db, after) },
  config.catalogueCacheMaxAgeMs,
)
const lifecycle = { stopping: false }
const context = {
  config,
  db: database.db,
  clock,
  verifier,
  cache,
  fileStore,
  renditions,
  jobs,
  provider: providers.forMode('normal'),
  providers,
  ...(sandbox ? { sandbox } : {}),
  notifications: database.notifications,
  lifecycle,
  finishRenditionsWithinMs: Math.floor(config.shutdownTimeoutMs / 2),
}
const app = await buildApp(context)
if (config.firebaseAuthEmulatorHost) {
  app.log.warn(
    { authEmulator: config.firebaseAuthEmulatorHost },
    'FIREBASE_AUTH_EMULATOR_HOST is set: unsigned ID tokens of the Auth emulator are trusted (development and tests only; listening on loopback only)',
  )
}
await app.listen({ host: config.host, port: config.port })
sandbox?.start()
jobs.start()
verifier.load()
app.log.info(
  {
    database: database.kind,
    dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
    migrateOnStart: config.migrateOnStart,
    paymentProviders: config.paymentProviders,
    startupMs: Date.now() - startedAt,
  },
  'api ready',
)

// Renewals and expiries are settled every minute by the `renewals` job, on one instance at a time.

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal))

/**
 * A graceful stop: /readyz answers 503, the server stops accepting connections (idle keep-alive ones are
 * closed), the requests in flight are answered, the jobs running here (renditions, the renewal run) finish
 * within half the budget or are handed back to the other instances, the sandbox's deliveries end, and the
 * database closes. Past
 * SHUTDOWN_TIMEOUT_MS the process exits anyway (code 1).
 */
async function stop(signal: string): Promise<void> {
  lifecycle.stopping = true
  app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'stopping: no new connections, finishing requests in flight')
  const deadline = setTimeout(() => {
    app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'stop timed out; exiting with work unfinished')
    process.exit(1)
  }, config.shutdownTimeoutMs)
  deadline.unref()
  try {
    await app.close()
    await database.close()
    app.log.info({ signal }, 'stopped')
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'stop failed')
    process.exit(1)
  }
}

/** The configuration, or a clear message and exit code 1 (no stack trace) when a variable is wrong. */
function loadOrExit() {
  try {
    return loadConfig()
  } catch (error) {
    return exit(error instanceof Error ? error.message : String(error))
  }
}

function exit(message: string): never {
  console.error(`api: ${message}`)
  process.exit(1)
}

/** The job queue's log lines, until the server's logger exists (pino's JSON lines, like the server's). */
function jobLog() {
  let logger: Parameters<typeof createApiJobs>[0]['log'] | undefined
  const line = (level: 'info' | 'warn' | 'error') => (object: object, message: string) => (logger ?? (logger = app.log))[level](object, message)
  return { info: line('info'), warn: line('warn'), error: line('error') } as Parameters<typeof createApiJobs>[0]['log']
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
    forget: (uid) => void loaded?.then((verifier) => verifier.forget?.(uid)).catch(() => undefined),
  }
}
