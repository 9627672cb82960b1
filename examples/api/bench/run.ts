import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { and, asc, count, eq } from 'drizzle-orm'
import type { Database } from '../src/db/database'
import { openDatabase } from '../src/db/open-database'
import { chapters, comics } from '../src/db/schema'
import { FileStore } from '../src/files/file-store'
import { seedCatalogue } from '../src/seed/seed-catalogue'
import { startPostgres } from '../test/support/postgres-cluster'

// pnpm --filter api bench [--only pglite|postgres] [--duration 10] [--connections 50]
// Seeds a catalogue of more than 3000 episodes (once, kept in .bench-data), starts the API in its own
// process as `pnpm start` would (timing the cold start), and runs autocannon on loopback against three
// public calls and a bare Fastify route, side by side.
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    episodes: { type: 'string', default: '3300' },
    warmup: { type: 'string', default: '2' },
  },
})
const duration = Number(values.duration)
const connections = Number(values.connections)
const episodes = Number(values.episodes)
const warmup = Number(values.warmup)
const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const benchData = `${packageRoot}.bench-data`
const filesDir = `${benchData}/files`

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function ensureCatalogue(db: Database) {
  const [row] = await db.select({ total: count() }).from(chapters)
  if ((row?.total ?? 0) >= episodes) return
  await seedCatalogue(db, new FileStore(filesDir, '/api/v1/files'), { episodes, poolSize: 30, log: (line) => console.log(`  [seed] ${line}`) })
}

/** Bodies of the three calls: the newest comics, the episodes of the longest comic, the pages of its first episode. */
async function targets(db: Database) {
  const [longest] = await db
    .select({ comicId: chapters.comicId, episodes: count() })
    .from(chapters)
    .innerJoin(comics, and(eq(comics.id, chapters.comicId), eq(comics.contentRating, 'AO')))
    .groupBy(chapters.comicId)
    .orderBy(({ episodes: e }) => [asc(e)])
  const all = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.comicId, longest!.comicId)).orderBy(asc(chapters.chapterNumber))
  const comicId = String(longest!.comicId)
  return {
    comicsList: { limit: 10, offset: 0, sort: { field: 'created_at', order: 'desc' } },
    chaptersList: { limit: 200, offset: 0, filters: { comicsId: [comicId] } },
    assetsList: { limit: 200, offset: 0, filters: { comicsId: [comicId], chapterId: [String(all[0]!.id)], variant: ['censored'] } },
  }
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.ok) return Date.now() - started
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

interface Figure {
  name: string
  requestsPerSecond: number
  p99: number
  non2xx: number
}

async function load(name: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<Figure> {
  const options = {
    url,
    method: 'POST' as const,
    connections,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }
  // A short unrecorded run first, so the figures are of warm code (JIT, caches), as in production.
  if (warmup > 0) await autocannon({ ...options, duration: warmup })
  const result = await autocannon({ ...options, duration })
  return { name, requestsPerSecond: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors }
}

async function benchDatabase(kind: 'pglite' | 'postgres') {
  console.log(`\n== ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15'} ==`)
  const env: Record<string, string> = { FILES_DIR: filesDir, SEED_ON_FIRST_START: '0', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' }
  let stopDatabase = async () => {}
  let bodies: Awaited<ReturnType<typeof targets>>
  if (kind === 'pglite') {
    const dataDir = `${benchData}/pglite`
    const database = await openDatabase({ kind: 'pglite', dataDir })
    await ensureCatalogue(database.db)
    bodies = await targets(database.db)
    await database.close()
    env.DATA_DIR = dataDir
  } else {
    const postgres = await startPostgres()
    stopDatabase = postgres.stop
    const database = await openDatabase({ kind: 'postgres', url: postgres.url })
    await ensureCatalogue(database.db)
    bodies = await targets(database.db)
    await database.close()
    env.DATABASE_URL = postgres.url
  }
  const apiPort = await freePort()
  const barePort = await freePort()
  // Both servers run in processes of their own, started the way `pnpm start` starts the API (tsx).
  const runTs = (file: string, args: string[], extraEnv: Record<string, string>) =>
    spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: packageRoot, env: { ...process.env, ...extraEnv }, stdio: ['ignore', 'pipe', 'inherit'] })
  const api = runTs('src/main.ts', [], { ...env, PORT: String(apiPort) })
  const bare = runTs('bench/bare-server.ts', [String(barePort)], {})
  // The server reports its own start time (from its first line of code to listening) in the 'api ready' line.
  let startupMs: number | undefined
  api.stdout!.on('data', (chunk: Buffer) => {
    const match = /"startupMs":(\d+)/.exec(String(chunk))
    if (match) startupMs = Number(match[1])
  })
  try {
    const coldStartMs = await waitForHttp(`http://127.0.0.1:${apiPort}/api/v1/openapi.json`, api)
    await waitForHttp(`http://127.0.0.1:${barePort}/ready`, bare)
    console.log(`cold start on the existing ${kind === 'pglite' ? 'data folder' : 'database'}: ${coldStartMs} ms from spawn to first answer (node + tsx included), ${startupMs ?? '?'} ms inside the server`)
    console.log(`catalogue: at least ${episodes} episodes; ${connections} connections, ${duration} s per call after ${warmup} s of warm-up; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`)

    const api1 = `http://127.0.0.1:${apiPort}/api/v1`
    const adult = { host: 'adult.localhost:5173' }
    const figures: Figure[] = []
    figures.push(await load('bare Fastify route', `http://127.0.0.1:${barePort}/bare`, {}))
    figures.push(await load('comics/list (limit 10)', `${api1}/comics/list`, bodies.comicsList, adult))
    figures.push(await load('chapters/list (limit 200)', `${api1}/chapters/list`, bodies.chaptersList, adult))
    figures.push(await load('comics-assets/list (free episode)', `${api1}/comics-assets/list`, bodies.assetsList, adult))
    const bareRate = figures[0]!.requestsPerSecond
    console.log('\n| call | req/s | p99 (ms) | vs bare | non-2xx |')
    console.log('|---|---:|---:|---:|---:|')
    for (const figure of figures) {
      const ratio = `${((figure.requestsPerSecond / bareRate) * 100).toFixed(0)}%`
      console.log(`| ${figure.name} | ${figure.requestsPerSecond.toFixed(0)} | ${figure.p99} | ${ratio} | ${figure.non2xx} |`)
    }
  } finally {
    await Promise.all([stop(api), stop(bare)])
    await stopDatabase()
  }
}

const kinds = values.only ? [values.only as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const)
for (const kind of kinds) {
  if (kind === 'postgres' && !existsSync('/usr/lib/postgresql/15/bin/initdb') && !process.env.POSTGRES_BIN) {
    console.log('\n== PostgreSQL 15: skipped (no binaries in /usr/lib/postgresql/15/bin; set POSTGRES_BIN) ==')
    continue
  }
  await benchDatabase(kind)
}
