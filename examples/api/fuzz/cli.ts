import { existsSync } from 'node:fs'
import { mkdir, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startAuthEmulator } from '@comics/auth-emulator'
import { loadConfig } from '../src/config'
import { openDatabase } from '../src/db/open-database'
import { FileStore } from '../src/files/file-store'
import { seedCatalogue } from '../src/seed/seed-catalogue'
import { createAccount } from '../test/support/accounts'
import { startPostgres } from '../test/support/postgres-cluster'
import { TEST_CATALOGUE } from '../test/support/seeded-database'
import { startServerOn } from '../test/support/test-server'
import { prepareFuzzWorld } from './fuzz-world'
import { httpSubject } from './http-target'
import { formatFuzzReport, inProcessSubject, runFuzz, type FuzzReport, type FuzzSubject } from './run-fuzz'

// pnpm --filter api fuzz [--runs 10000] [--seed N] [--database pglite|postgres]
//   [--target http://LB --database-url postgres://… [--upstream-header x-upstream] [--from 127.0.9]
//    [--allowed-origin URL] [--webhook-secret S]]
// The fuzz soak: faulty requests (request-arbitraries.ts) against every route of a server on a seeded
// catalogue, with the shared Auth emulator, checking after each one the properties of
// run-fuzz.ts. Prints the cases run, the count per endpoint and status, the failures and the seed (give
// it back with --seed to replay a run). Exits with 1 when anything failed.
//
// With --target (and --database-url, the PostgreSQL database behind it) no server is started: the
// requests go over HTTP to the API at that address, e.g. the two instances behind nginx of
// `pnpm topology`, and the properties are read from that database and the instances' storage (the S3_*
// and STORAGE_BACKEND variables they were given, or FILES_DIR), after the background work each request
// left (events, delayed payments, renditions) is done; after the run every sandbox event must have been
// delivered and every order paid on its page fulfilled exactly once (http-target.ts). The allowed origin
// and the webhook secret are the instances' (ALLOWED_ORIGINS, PAYMENT_WEBHOOK_SECRET, their defaults, or
// the options). Time is the wall clock the instances run on.
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    database: { type: 'string', default: 'pglite' },
    target: { type: 'string' },
    'database-url': { type: 'string' },
    'upstream-header': { type: 'string' },
    from: { type: 'string' },
    'allowed-origin': { type: 'string', multiple: true },
    'webhook-secret': { type: 'string' },
  },
})
const numRuns = Number(values.runs)
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed)
const kind = values.database
if (!Number.isInteger(numRuns) || numRuns < 1) throw new Error(`--runs must be a positive integer, got '${values.runs}'`)
if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got '${values.seed}'`)
const target = values.target
if (target && !values['database-url']) throw new Error('--target needs --database-url (the PostgreSQL database behind it)')
if (values.from && !/^127\.\d{1,3}\.\d{1,3}$/.test(values.from)) throw new Error(`--from must be three parts of a loopback address (127.0.9), got '${values.from}'`)
if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`--database must be pglite or postgres, got '${kind}'`)
if (kind === 'postgres' && !existsSync('/usr/lib/postgresql/15/bin/initdb') && !process.env.POSTGRES_BIN) {
  throw new Error('No PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin (set POSTGRES_BIN)')
}

// Anything that escapes a request (an unhandled rejection, an exception thrown from a socket callback)
// is a failure of the run, not a crash of it.
const escaped: string[] = []
const onRejection = (error: unknown) => escaped.push(`unhandled rejection: ${String(error)}`)
const onException = (error: Error) => escaped.push(`uncaught exception: ${error.stack ?? String(error)}`)

const started = Date.now()
console.log(
  target
    ? `fuzz: ${numRuns} cases, seed ${seed}, over HTTP to ${target} (its database ${values['database-url']!.replace(/\/\/[^@/]*@/, '//')}); starting the Auth emulator...`
    : `fuzz: ${numRuns} cases, seed ${seed}, ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL 15'}; starting the Auth emulator and seeding...`,
)
// The Auth emulator the test suites share (AUTH_EMULATOR_PORT, 9099 by default), reused when it runs and
// leased like theirs (firebase-tools warns that several emulator suites of one project may interfere).
const emulator = await startAuthEmulator({ port: Number(process.env.AUTH_EMULATOR_PORT) || undefined })
// The accounts first, while the emulator is fresh: their ID tokens are then checked without it (the
// emulator's tokens are verified locally), so the run does not depend on it staying up for minutes.
const accounts = await Promise.all([
  createAccount('reader', { emulatorHost: emulator.host }),
  createAccount('admin', { admin: true, emulatorHost: emulator.host }),
  // The accounts DELETE /me is sent with: it ends the account it is made with.
  createAccount('reader', { emulatorHost: emulator.host }),
  createAccount('admin', { admin: true, emulatorHost: emulator.host }),
]).catch(async (error: unknown) => {
  await emulator.stop()
  throw error
})
/** Runs the fuzz on a subject and prints its report. */
async function fuzz(subject: FuzzSubject, settings: { allowedOrigins: string[]; paymentWebhookSecret: string }): Promise<FuzzReport> {
  const [reader, admin, leavingReader, leavingAdmin] = accounts
  const world = await prepareFuzzWorld(subject, settings, { reader: reader!, admin: admin!, leaving: { reader: leavingReader!, admin: leavingAdmin! } })
  console.log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s; fuzzing...`)
  const fuzzStarted = Date.now()
  process.on('unhandledRejection', onRejection).on('uncaughtException', onException)
  let result: FuzzReport
  try {
    result = await runFuzz(subject, world, {
      numRuns,
      seed,
      onProgress: (so) => console.log(`  ${so.casesRun} cases, ${((Date.now() - fuzzStarted) / 1000).toFixed(0)} s`),
    })
  } finally {
    process.off('unhandledRejection', onRejection).off('uncaughtException', onException)
  }
  for (const line of formatFuzzReport(result)) console.log(line)
  console.log(`escaped errors: ${escaped.length}`)
  for (const line of escaped) console.log(`  ${line}`)
  console.log(`fuzzed in ${((Date.now() - fuzzStarted) / 1000).toFixed(1)} s; replay with --seed ${seed} --runs ${numRuns}`)
  return result
}

let report: FuzzReport | undefined
if (target) {
  // The instances' own settings, from the same variables they read (or the options).
  const config = loadConfig(process.env)
  const settings = {
    allowedOrigins: values['allowed-origin'] ?? config.allowedOrigins,
    paymentWebhookSecret: values['webhook-secret'] ?? config.paymentWebhookSecret,
  }
  const database = await openDatabase({ kind: 'postgres', url: values['database-url']!, poolSize: 4 }, { migrate: false })
  try {
    const subject = httpSubject({
      target,
      db: database.db,
      storage: config.storageBackend === 's3' && config.s3 ? { s3: config.s3 } : { folder: config.filesDir },
      ...(values['upstream-header'] ? { upstreamHeader: values['upstream-header'] } : {}),
      ...(values.from ? { fromAddresses: values.from } : {}),
    })
    report = await fuzz(subject, settings)
  } finally {
    await database.close().catch(() => undefined)
    await emulator.stop()
  }
} else {
  const folder = await mkdtemp(join(tmpdir(), 'api-fuzz-'))
  const filesDir = join(folder, 'files')
  await mkdir(filesDir, { recursive: true })
  const postgres = kind === 'postgres' ? await startPostgres() : undefined
  const database = postgres ? await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 8 }) : await openDatabase({ kind: 'pglite' })
  try {
    await seedCatalogue(database.db, FileStore.onDisk(filesDir, '/api/v1/files'), { ...TEST_CATALOGUE, now: new Date('2026-01-01T00:00:00Z') })
    const server = await startServerOn(database, { folder, filesDir, authEmulatorHost: emulator.host })
    try {
      report = await fuzz(inProcessSubject(server), server.context.config)
    } finally {
      await server.close()
    }
  } finally {
    await database.close().catch(() => undefined)
    await postgres?.stop()
    await emulator.stop()
  }
}
process.exit(report && report.failures.length === 0 && escaped.length === 0 ? 0 : 1)
