import { spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { createUser, startAuthEmulator } from '@comics/auth-emulator'
import { freePort } from '../test/support/free-port'
import { buildServerBundle, packageRoot, startApiProcess, stopProcess, waitForHttp } from './api-process'
import { benchTargets, prepareBenchDatabase } from './bench-database'
import { ensureSearchCatalogue, searchBenchQueries, SEARCH_BENCH_COMICS } from './search-catalogue'

// pnpm --filter api bench [--only pglite|postgres] [--calls search,progress] [--duration 10] [--connections 50] [--search-connections 4] [--rounds 3] [--json FILE]
// Seeds a catalogue of more than 3000 episodes (once, kept in .bench-data), starts the API in its own
// process as `pnpm start` would (timing the cold start), and runs autocannon on loopback against three
// public calls, a signed-in reader's reading sync calls (a reader of the Auth emulator, AUTH_EMULATOR_PORT)
// and a bare Fastify route, side by side. The calls run in rounds, each round measuring the
// bare route and then each call in turn, so every ratio compares runs seconds apart; the table shows the
// median of the rounds (this machine is shared: a single run can land on a busy moment).
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    // Only the calls whose names contain one of these (comma-separated), beside the bare route.
    calls: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    episodes: { type: 'string', default: '3300' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    'search-connections': { type: 'string', default: '4' },
    json: { type: 'string' },
  },
})
const duration = Number(values.duration)
const connections = Number(values.connections)
const episodes = Number(values.episodes)
const warmup = Number(values.warmup)
const rounds = Number(values.rounds)
// Search is read from the database on every call (no cache): its figure is the time a reader waits with a
// few others searching at once, not the queue that 50 connections of it would build on one PGlite.
const searchConnections = Number(values['search-connections'])
const benchData = `${packageRoot}.bench-data`

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

/**
 * A call's JSON body: fixed, a list sent in turn (autocannon's `requests`), or made afresh for each request
 * (a sync whose position is newer each time); `undefined` makes the call a GET.
 */
type Body = unknown | (() => unknown)

async function load(name: string, url: string, body: Body, headers: Record<string, string>, warm: boolean, callConnections = connections): Promise<Figure> {
  const options = {
    url,
    method: body === undefined ? ('GET' as const) : ('POST' as const),
    connections: callConnections,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined
      ? {}
      : typeof body === 'function'
        ? { requests: [{ setupRequest: (request: object) => ({ ...request, body: JSON.stringify((body as () => unknown)()) }) }] }
        : Array.isArray(body)
          ? { requests: body.map((each) => ({ body: JSON.stringify(each) })) }
          : { body: JSON.stringify(body) }),
  }
  // A short unrecorded run first, so the figures are of warm code (JIT, caches), as in production.
  if (warm && warmup > 0) await autocannon({ ...options, duration: warmup })
  const result = await autocannon({ ...options, duration })
  return { name, requestsPerSecond: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors }
}

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<DatabaseFigures> {
  console.log(`\n== ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15'} ==`)
  const prepared = await prepareBenchDatabase(kind, benchData, episodes)
  const database = await prepared.open()
  const bodies = await benchTargets(database.db)
  // Search runs on 10,000 comics: text-only ones are added beside the seeded catalogue (kept in the PGlite folder).
  await ensureSearchCatalogue(database.db)
  await database.close()
  const env = { ...prepared.env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' }
  // Both servers run in processes of their own: the API as `pnpm start` runs it (the bundle, built above),
  // the bare route through tsx (it is one file; its start is not measured).
  const api = await startApiProcess(env).catch(async (error: unknown) => {
    await prepared.stop()
    throw error
  })
  const barePort = await freePort()
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', String(barePort)], { cwd: packageRoot, stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    const { coldStartMs, startupMs } = api
    await waitForHttp(`http://127.0.0.1:${barePort}/ready`, bare)
    console.log(`cold start on the existing ${kind === 'pglite' ? 'data folder' : 'database'}: ${coldStartMs} ms from spawn to first answer, ${startupMs ?? '?'} ms inside the server`)
    console.log(`catalogue: at least ${episodes} episodes; ${connections} connections, ${duration} s per call and round, ${rounds} rounds, ${warmup} s of warm-up; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`)

    const api1 = api.api
    const adult = { host: 'adult.localhost:5173' }
    // The reader's account holds 20 positions and follows 5 comics; each sync sends the 20 again, one newer.
    const reader = { authorization: `Bearer ${benchReader.idToken}` }
    const now = Date.now()
    const positions = bodies.reading.positions.map((position, index) => ({ ...position, updatedAt: now - index * 1_000 }))
    const seeded = await fetch(`${api1}/me/progress`, { method: 'POST', headers: { ...reader, 'content-type': 'application/json' }, body: JSON.stringify({ entries: positions }) })
    if (!seeded.ok) throw new Error(`POST /me/progress answered ${seeded.status}: ${await seeded.text()}`)
    for (const comicId of bodies.reading.followedComicIds) {
      const followed = await fetch(`${api1}/me/follows`, { method: 'POST', headers: { ...reader, 'content-type': 'application/json' }, body: JSON.stringify({ comicId }) })
      if (!followed.ok) throw new Error(`POST /me/follows answered ${followed.status}: ${await followed.text()}`)
    }
    const calls: { name: string; url: string; body: Body; headers: Record<string, string>; connections?: number }[] = [
      { name: 'bare Fastify route', url: `http://127.0.0.1:${barePort}/bare`, body: {}, headers: {} },
      { name: 'comics/list (limit 10)', url: `${api1}/comics/list`, body: bodies.comicsList, headers: adult },
      { name: 'chapters/list (limit 200)', url: `${api1}/chapters/list`, body: bodies.chaptersList, headers: adult },
      { name: 'comics-assets/list (free episode)', url: `${api1}/comics-assets/list`, body: bodies.assetsList, headers: adult },
      // As a browser asks for it: the answer (a page list, the largest JSON on a reader's path) goes out in Brotli.
      {
        name: 'comics-assets/list in Brotli',
        url: `${api1}/comics-assets/list`,
        body: bodies.assetsList,
        headers: { ...adult, 'accept-encoding': 'gzip, deflate, br, zstd' },
      },
      // What readers type, typos and all, on the mirror host (ratings and mirror flag both filter), each
      // query read from the database (search answers are not cached).
      {
        name: `comics/search (${SEARCH_BENCH_COMICS.toLocaleString('en')} comics, ${searchConnections} connections)`,
        url: `${api1}/comics/search`,
        body: searchBenchQueries(),
        headers: { host: 'localhost:5173' },
        connections: searchConnections,
      },
      // Every signed-in call checks its token with the identity provider (revocation included): this
      // signed-in read of one row is the floor the reading calls are compared with.
      { name: 'coins/balance (GET, signed in: the floor)', url: `${api1}/coins/balance`, body: undefined, headers: reader },
      // The reader's subscriptions, as the kit's TopBar asks on every page (useSubscription): the first page.
      { name: 'subscriptions/list (signed in, own)', url: `${api1}/subscriptions/list`, body: { limit: 200, offset: 0 }, headers: reader },
      // A page turned, as the kit's sync sends it once the account has answered in the session: the one
      // position changed (written); the answer is the account's 20.
      {
        name: 'me/progress sync (1 changed, 20 answered)',
        url: `${api1}/me/progress`,
        body: () => ({ entries: [{ ...positions[0]!, updatedAt: Date.now() }] }),
        headers: reader,
      },
      // The first sync of a session (sign-in, a reload): all 20 positions, one newer (written) and the 19
      // others as they are (not written).
      {
        name: 'me/progress sync, first of a session (20 positions, 1 newer)',
        url: `${api1}/me/progress`,
        body: () => ({ entries: positions.map((p, i) => (i === 0 ? { ...p, updatedAt: Date.now() } : p)) }),
        headers: reader,
      },
      { name: 'me/progress (GET, 20 positions)', url: `${api1}/me/progress`, body: undefined, headers: reader },
      { name: 'me/follows (GET, 5 followed)', url: `${api1}/me/follows`, body: undefined, headers: reader },
    ]
    const wanted = values.calls?.split(',').map((part) => part.trim()).filter(Boolean)
    if (wanted) calls.splice(1, calls.length, ...calls.slice(1).filter((call) => wanted.some((part) => call.name.includes(part))))
    const perRound: Figure[][] = []
    for (let round = 0; round < rounds; round++) {
      const figures: Figure[] = []
      for (const call of calls) figures.push(await load(call.name, call.url, call.body, call.headers, round === 0, call.connections))
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
    await Promise.all([api.stop(), stopProcess(bare)])
    await prepared.stop()
  }
}

// The API runs from its bundle, as `pnpm start` runs it.
buildServerBundle()
// The reader of the sync calls: the emulator's ID tokens are checked locally, so one token serves the run.
const emulator = await startAuthEmulator({ port: Number(process.env.AUTH_EMULATOR_PORT) || undefined })
const benchReader = await createUser(emulator.host, { email: `bench-${Date.now()}@example.com`, password: 'secret-123' }).catch(async (error: unknown) => {
  await emulator.stop()
  throw error
})
const kinds = values.only ? [values.only as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const)
const all: DatabaseFigures[] = []
for (const kind of kinds) {
  if (kind === 'postgres' && !existsSync('/usr/lib/postgresql/15/bin/initdb') && !process.env.POSTGRES_BIN) {
    console.log('\n== PostgreSQL 15: skipped (no binaries in /usr/lib/postgresql/15/bin; set POSTGRES_BIN) ==')
    continue
  }
  try {
    all.push(await benchDatabase(kind))
  } catch (error) {
    await emulator.stop()
    throw error
  }
}
await emulator.stop()
if (values.json) {
  writeFileSync(values.json, `${JSON.stringify({ connections, durationSeconds: duration, rounds, episodes, cores: cpus().length, databases: all }, null, 2)}\n`)
  console.log(`\nfigures written to ${values.json}`)
}
