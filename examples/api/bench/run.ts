import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
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

// pnpm --filter api bench [--only pglite|postgres] [--duration 10] [--connections 50] [--rounds 3] [--json FILE]
// Seeds a catalogue of more than 3000 episodes (once, kept in .bench-data), starts the API in its own
// process as `pnpm start` would (timing the cold start), and runs autocannon on loopback against three
// public calls and a bare Fastify route, side by side. The calls run in rounds, each round measuring the
// bare route and then each call in turn, so every ratio compares runs seconds apart; the table shows the
// median of the rounds (this machine is shared: a single run can land on a busy moment).
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    episodes: { type: 'string', default: '3300' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    json: { type: 'string' },
  },
})
const duration = Number(values.duration)
const connections = Number(values.connections)
const episodes = Number(values.episodes)
const warmup = Number(values.warmup)
const rounds = Number(values.rounds)
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

/** The figures of one call over the rounds: medians, and the worst p99. */
interface CallFigures {
  name: string
  requestsPerSecond: number
  /** Median over the rounds of (this call's req/s ÷ the bare route's req/s in the same round). */
  ratioToBare: number
  p99: number
  worstP99: number
  non2xx: number
}

export interface DatabaseFigures {
  database: 'pglite' | 'postgres'
  coldStartMs: number
  startupInsideServerMs: number | undefined
  calls: CallFigures[]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function load(name: string, url: string, body: unknown, headers: Record<string, string>, warm: boolean): Promise<Figure> {
  const options = {
    url,
    method: 'POST' as const,
    connections,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }
  // A short unrecorded run first, so the figures are of warm code (JIT, caches), as in production.
  if (warm && warmup > 0) await autocannon({ ...options, duration: warmup })
  const result = await autocannon({ ...options, duration })
  return { name, requestsPerSecond: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors }
}

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<DatabaseFigures> {
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
  // Both servers run in processes of their own: the API as `pnpm start` runs it (the bundle, built above),
  // the bare route through tsx (it is one file; its start is not measured).
  const run = (args: string[], extraEnv: Record<string, string>) =>
    spawn(process.execPath, args, { cwd: packageRoot, env: { ...process.env, ...extraEnv }, stdio: ['ignore', 'pipe', 'inherit'] })
  const api = run(['--enable-source-maps', 'dist/main.js'], { ...env, PORT: String(apiPort) })
  const bare = run(['--import', 'tsx', 'bench/bare-server.ts', String(barePort)], {})
  // The server reports its own start time (from its first line of code to listening) in the 'api ready' line.
  let startupMs: number | undefined
  api.stdout!.on('data', (chunk: Buffer) => {
    const match = /"startupMs":(\d+)/.exec(String(chunk))
    if (match) startupMs = Number(match[1])
  })
  try {
    const coldStartMs = await waitForHttp(`http://127.0.0.1:${apiPort}/api/v1/openapi.json`, api)
    await waitForHttp(`http://127.0.0.1:${barePort}/ready`, bare)
    console.log(`cold start on the existing ${kind === 'pglite' ? 'data folder' : 'database'}: ${coldStartMs} ms from spawn to first answer, ${startupMs ?? '?'} ms inside the server`)
    console.log(`catalogue: at least ${episodes} episodes; ${connections} connections, ${duration} s per call and round, ${rounds} rounds, ${warmup} s of warm-up; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`)

    const api1 = `http://127.0.0.1:${apiPort}/api/v1`
    const adult = { host: 'adult.localhost:5173' }
    const calls = [
      { name: 'bare Fastify route', url: `http://127.0.0.1:${barePort}/bare`, body: {}, headers: {} },
      { name: 'comics/list (limit 10)', url: `${api1}/comics/list`, body: bodies.comicsList, headers: adult },
      { name: 'chapters/list (limit 200)', url: `${api1}/chapters/list`, body: bodies.chaptersList, headers: adult },
      { name: 'comics-assets/list (free episode)', url: `${api1}/comics-assets/list`, body: bodies.assetsList, headers: adult },
    ]
    const perRound: Figure[][] = []
    for (let round = 0; round < rounds; round++) {
      const figures: Figure[] = []
      for (const call of calls) figures.push(await load(call.name, call.url, call.body, call.headers, round === 0))
      perRound.push(figures)
      const bare = figures[0]!.requestsPerSecond
      console.log(`round ${round + 1}/${rounds}: ${figures.map((f) => `${f.name.split(' ')[0]} ${f.requestsPerSecond.toFixed(0)}/s${f === figures[0] ? '' : ` (${((f.requestsPerSecond / bare) * 100).toFixed(0)}%)`}`).join(', ')}`)
    }
    const results: CallFigures[] = calls.map((call, index) => {
      const of = perRound.map((figures) => figures[index]!)
      return {
        name: call.name,
        requestsPerSecond: median(of.map((f) => f.requestsPerSecond)),
        ratioToBare: median(perRound.map((figures) => figures[index]!.requestsPerSecond / figures[0]!.requestsPerSecond)),
        p99: median(of.map((f) => f.p99)),
        worstP99: Math.max(...of.map((f) => f.p99)),
        non2xx: of.reduce((sum, f) => sum + f.non2xx, 0),
      }
    })
    console.log(`\n| call | req/s | p99 (ms) | worst p99 | vs bare | non-2xx |`)
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const figure of results) {
      console.log(`| ${figure.name} | ${figure.requestsPerSecond.toFixed(0)} | ${figure.p99} | ${figure.worstP99} | ${(figure.ratioToBare * 100).toFixed(0)}% | ${figure.non2xx} |`)
    }
    return { database: kind, coldStartMs, startupInsideServerMs: startupMs, calls: results }
  } finally {
    await Promise.all([stop(api), stop(bare)])
    await stopDatabase()
  }
}

// The API runs from its bundle, as `pnpm start` runs it.
execFileSync(process.execPath, ['build-server.mjs'], { cwd: packageRoot, stdio: 'inherit' })
const kinds = values.only ? [values.only as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const)
const all: DatabaseFigures[] = []
for (const kind of kinds) {
  if (kind === 'postgres' && !existsSync('/usr/lib/postgresql/15/bin/initdb') && !process.env.POSTGRES_BIN) {
    console.log('\n== PostgreSQL 15: skipped (no binaries in /usr/lib/postgresql/15/bin; set POSTGRES_BIN) ==')
    continue
  }
  all.push(await benchDatabase(kind))
}
if (values.json) {
  writeFileSync(values.json, `${JSON.stringify({ connections, durationSeconds: duration, rounds, episodes, cores: cpus().length, databases: all }, null, 2)}\n`)
  console.log(`\nfigures written to ${values.json}`)
}
