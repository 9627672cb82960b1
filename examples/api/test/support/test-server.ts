import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../../src/app'
import { WEBHOOK_PATH } from '../../src/routes/payment-routes'
import type { AppContext } from '../../src/app-context'
import { createFirebaseTokenVerifier } from '../../src/auth/firebase-token-verifier'
import type { TokenVerifier } from '../../src/auth/token-verifier'
import { CatalogueCache } from '../../src/catalogue/catalogue-cache'
import { nextPublishTime } from '../../src/catalogue/list-chapters'
import { loadConfig, type ApiConfig } from '../../src/config'
import type { Database, OpenDatabase } from '../../src/db/database'
import { openDatabase } from '../../src/db/open-database'
import { FileStore } from '../../src/files/file-store'
import { LocalDiskStorage, S3Storage, type ObjectStorage } from '../../src/files/object-storage'
import { Renditions } from '../../src/files/renditions'
import { createSandbox } from '../../src/payments/sandbox/create-sandbox'
import type { SandboxProvider } from '../../src/payments/sandbox/sandbox-provider'
import type { PaymentProvider } from '../../src/payments/provider/payment-provider'
import { PaymentProviders } from '../../src/payments/provider/payment-providers'
import { ManualClock } from './manual-clock'
import './seeded-database'
import { dropDatabasesNamed, throwawayDatabase } from './postgres-cluster'

export interface TestServer {
  app: FastifyInstance
  /** The sandbox provider; its events go to `app.inject` when `sandbox.runDue()` is called (or by its timer with `sandboxRunning`). */
  sandbox: SandboxProvider
  /** Set `answering` to false to have the webhook answer 503 to the sandbox, as a server that is down. */
  webhook: { answering: boolean }
  db: Database
  context: AppContext
  clock: ManualClock
  filesDir: string
  close(): Promise<void>
}

export const TEST_NOW = new Date('2026-03-01T12:00:00Z')

/**
 * A server on its own copy of the seeded database and files (PGlite from the run's snapshot, or a
 * PostgreSQL database copied from the seeded template), with a manual clock, no logs, and token
 * verification against the run's Auth emulator. Use `app.inject` unless a real socket matters.
 */
export async function startTestServer(
  options: {
    config?: Partial<ApiConfig>
    logger?: FastifyServerOptions['logger']
    beforeReady?: (app: FastifyInstance) => void
    /** Run the sandbox's settlements and deliveries on its own timer (default: only when a test calls runDue). */
    sandboxRunning?: boolean
    /** The token verifier (default: one that trusts the run's Auth emulator). */
    verifier?: TokenVerifier
    /** Where the images go (default: the copy of the seeded files on the local disk). */
    storage?: ObjectStorage
    /** Providers besides the sandbox this server runs for what they took (their webhook, refunds, renewals). */
    settlingProviders?: PaymentProvider[]
  } = {},
): Promise<TestServer> {
  if (process.env.API_TEST_SHARED_SERVER === '1') return sharedTestServer(options)
  return newTestServer(options)
}

type TestServerOptions = NonNullable<Parameters<typeof startTestServer>[0]>
type LogStream = { write(line: string): unknown }

/** The prefix of the shared server's database on PostgreSQL. */
const SHARED_DATABASE = 'shared'

/** The run's shared server (API_TEST_SHARED_SERVER), and where its log lines go: the stream of the file that asked last. */
let shared: { server: Promise<TestServer>; logTo: { current?: LogStream } } | undefined

/**
 * For mutation runs (vitest.mutation.config.ts sets API_TEST_SHARED_SERVER, with one worker and no isolation):
 * the test files of one run share one server, started by the first and closed when the worker ends, since
 * starting one (a copy of the seeded database) costs seconds and a mutant's tests in a file often take less. Each file starts at TEST_NOW with the webhook answering and makes its own accounts; what
 * earlier files wrote stays, which the full run (Stryker's dry run) shows the files allow. A file asking for
 * options other than an `info` log stream gets a server of its own (a rate limit's count, a verifier or a
 * storage would carry over). `close()` of the shared server does nothing.
 */
async function sharedTestServer(options: TestServerOptions): Promise<TestServer> {
  const { logger, ...rest } = options
  const stream = typeof logger === 'object' && logger !== null && 'stream' in logger ? (logger.stream as LogStream) : undefined
  const infoStream = stream && (logger as { level?: string }).level === 'info'
  if (Object.keys(rest).length > 0 || (logger !== undefined && !infoStream)) return newTestServer(options)
  if (!shared) {
    const logTo: { current?: LogStream } = {}
    // Nothing closes this server: its folder goes inside the run's seeded one, which the run's teardown
    // removes, and on PostgreSQL the next run's drops its database.
    const seeded = inject('seededDatabase')
    if (seeded.kind === 'postgres') await dropDatabasesNamed(seeded.serverUrl, SHARED_DATABASE)
    const server = newTestServer({
      logger: { level: 'info', stream: { write: (line: string) => logTo.current?.write(line) } },
      folderIn: dirname(seeded.filesDir),
      databasePrefix: SHARED_DATABASE,
    })
    shared = { server: server.then((started) => ({ ...started, close: async () => {} })), logTo }
  }
  shared.logTo.current = stream
  const server = await shared.server
  server.clock.set(TEST_NOW)
  server.webhook.answering = true
  return server
}

async function newTestServer(options: TestServerOptions & { folderIn?: string; databasePrefix?: string }): Promise<TestServer> {
  const { folderIn = tmpdir(), databasePrefix = 'test', ...serverOptions } = options
  const seeded = inject('seededDatabase')
  const folder = await mkdtemp(join(folderIn, 'api-test-'))
  const filesDir = join(folder, 'files')
  await cp(seeded.filesDir, filesDir, { recursive: true })

  let dropDatabase = async () => {}
  const database =
    seeded.kind === 'pglite'
      ? await openDatabase({ kind: 'pglite', snapshot: new Blob([await readFile(seeded.snapshotPath)]) })
      : await (async () => {
          const copy = await throwawayDatabase(seeded.serverUrl, databasePrefix, seeded.templateDatabase)
          dropDatabase = copy.drop
          return openDatabase({ kind: 'postgres', url: copy.url, poolSize: 8 })
        })()
  return startServerOn(database, { folder, filesDir, authEmulatorHost: inject('authEmulatorHost'), onClose: dropDatabase, ...serverOptions })
}

/**
 * A server on a database already open, its files in `filesDir` inside `folder` (removed on close), with a
 * manual clock, no logs unless a logger is given, and tokens verified against the Auth emulator at
 * `authEmulatorHost`. Works outside Vitest too (the fuzz script uses it).
 */
export async function startServerOn(
  database: OpenDatabase,
  options: {
    folder: string
    filesDir: string
    authEmulatorHost: string
    onClose?: () => Promise<void>
    config?: Partial<ApiConfig>
    logger?: FastifyServerOptions['logger']
    /** Adds hooks the test observes the server with. */
    beforeReady?: (app: FastifyInstance) => void
    sandboxRunning?: boolean
    verifier?: TokenVerifier
    storage?: ObjectStorage
    settlingProviders?: PaymentProvider[]
  },
): Promise<TestServer> {
  const { folder, filesDir } = options
  const config: ApiConfig = {
    ...loadConfig({}),
    dataDir: folder,
    filesDir,
    publicUrl: 'http://127.0.0.1:8787',
    paymentRateLimitPerMinute: 100_000,
    readRateLimitPerMinute: 100_000,
    catalogueMissesPerClient: 1000,
    logLevel: 'silent',
    firebaseAuthEmulatorHost: options.authEmulatorHost,
    ...options.config,
  }
  const clock = new ManualClock(TEST_NOW)
  const verifier = options.verifier ?? (await createFirebaseTokenVerifier({ projectId: 'demo-comics', emulatorHost: options.authEmulatorHost }))
  const storage = options.storage ?? new LocalDiskStorage(filesDir)
  const fileStore = new FileStore(storage, config.filesPublicUrl, filesDir)
  // The sandbox's events reach the webhook through the app itself, signed like over HTTP.
  let app: FastifyInstance | undefined
  const webhook = { answering: true }
  const sandbox = createSandbox(config, database.db, clock, async (payload, headers) => {
    if (!webhook.answering) return 503
    const response = await app!.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload })
    return response.statusCode
  })
  const context: AppContext = {
    config,
    db: database.db,
    clock,
    verifier,
    // Kept without a maximum age (options.config's catalogueCacheMaxAgeMs sets one): tests count reads.
    cache: new CatalogueCache(
      undefined,
      { clock, nextPublishTime: (after) => nextPublishTime(database.db, after) },
      options.config?.catalogueCacheMaxAgeMs ?? Infinity,
    ),
    notifications: database.notifications,
    fileStore,
    renditions: new Renditions(fileStore),
    provider: sandbox,
    ...(options.settlingProviders ? { providers: new PaymentProviders({ adult: sandbox, normal: sandbox }, options.settlingProviders) } : {}),
    sandbox,
  }
  app = await buildApp(context, { logger: options.logger ?? false })
  options.beforeReady?.(app)
  await app.ready()
  if (options.sandboxRunning) sandbox.start(50)
  return {
    app,
    sandbox,
    webhook,
    db: database.db,
    context,
    clock,
    filesDir,
    async close() {
      await app.close()
      if (storage instanceof S3Storage) await storage.close()
      await database.close()
      await options.onClose?.()
      await rm(folder, { recursive: true, force: true })
    },
  }
}
