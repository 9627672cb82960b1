import { existsSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm'
import { createUser, startAuthEmulator } from '@comics/auth-emulator'
import { EPISODE_COIN_PRICE, getCoinPack, PLANS } from '@comics/core/rules'
import { auditCoinLedgers } from '../src/coins/audit-coin-ledgers'
import { assets, chapters, checkouts, coinLedger, coinUnlocks, comicFollows, comics, paymentEvents, payments, readingProgress, subscriptions } from '../src/db/schema'
import { request as httpRequest } from 'node:http'
import { openDatabase } from '../src/db/open-database'
import { buildServerBundle, packageRoot, startApiProcess } from './api-process'
import { benchTargets, prepareBenchDatabase } from './bench-database'

// pnpm --filter api soak [--duration 60] [--connections 100] [--users 200] [--pays 6] [--database pglite|postgres]
//   [--target http://LB/api/v1 --database-url postgres://…]
// Load and soak on loopback: the API in its own process (as `pnpm start` runs it) on a seeded catalogue,
// `--connections` autocannon connections of mixed catalogue reads for `--duration` seconds, and meanwhile
// `--users` readers of the shared Auth emulator who each open a checkout and pay it with the sandbox's
// success card, pressing Pay `--pays` times at once on its hosted page. The sandbox's signed events reach
// the API's webhook over HTTP; half of the readers wait for them (their subscriptions list turns active),
// the other half also confirm (POST /subscriptions) `--pays` times at once while the event lands. Prints
// the requests, the errors (must be 0), p50 and p99 per call, the server's memory over the run (start,
// max, end) and checks in the database afterwards that every reader got exactly one subscription, one
// payment and one applied paid event. Each reader also syncs their reading position from `--pays` devices
// at once (the newest must be the one kept) and follows a comic.
//
// Every request comes from 127.0.0.1, so the per-client limit on checkout and payment calls
// (PAYMENT_RATE_LIMIT, 30 a minute by default) would refuse most of them: the soak starts the server with
// PAYMENT_RATE_LIMIT raised (--payment-rate-limit, 1000000 by default), as a deployment behind a load
// balancer would set it for its own address. The limit itself is tested in test/payments.test.ts.
//
// With --target (and --database-url, the database behind it) the soak starts no server: it runs against
// the API at that URL, e.g. the two instances behind nginx of `pnpm topology`, and checks that database.
// Each reader's calls then come from a loopback address of its own (127.0.1.x…), so a balancer that
// forwards the client's address keeps the default payment rate limit per reader.
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    users: { type: 'string', default: '200' },
    pays: { type: 'string', default: '6' },
    database: { type: 'string', default: 'pglite' },
    episodes: { type: 'string', default: '3300' },
    'payment-rate-limit': { type: 'string', default: '1000000' },
    target: { type: 'string' },
    'database-url': { type: 'string' },
  },
})
const target = values.target?.replace(/\/$/, '')
if (target && !values['database-url']) throw new Error('--target needs --database-url (the database behind it, to check exactly once)')
const duration = Number(values.duration)
const connections = Number(values.connections)
const userCount = Number(values.users)
const paysPerCheckout = Number(values.pays)
const episodes = Number(values.episodes)
const kind = values.database
for (const [name, value] of Object.entries({ duration, connections, users: userCount, pays: paysPerCheckout, episodes })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`)
}
if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`--database must be pglite or postgres, got '${kind}'`)
if (connections < 5) throw new Error('--connections must be at least 5 (one or more per read call)')
if (kind === 'postgres' && !existsSync('/usr/lib/postgresql/15/bin/initdb') && !process.env.POSTGRES_BIN) {
  throw new Error('No PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin (set POSTGRES_BIN)')
}

interface Timed {
  status: number
  ms: number
}
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

/** The i-th reader's loopback address in --target mode (127.0.0.1 is the balancer's own). */
const readerAddress = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`

/**
 * fetch from a given local address (Node's fetch cannot choose it): a fresh connection, no redirect
 * followed, the answer as a Response.
 */
function fetchFrom(localAddress: string): typeof fetch {
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(String(input))
      const body = init.body === undefined || init.body === null ? undefined : Buffer.from(String(init.body))
      const outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: init.method ?? 'GET',
          headers: { connection: 'close', ...(init.headers as Record<string, string>), ...(body ? { 'content-length': String(body.length) } : {}) },
          localAddress,
          agent: false,
          timeout: 30_000,
        },
        (incoming) => {
          const chunks: Buffer[] = []
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
          incoming.on('error', reject)
          incoming.on('end', () => {
            const headers = new Headers()
            for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value)
            const status = incoming.statusCode ?? 500
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }))
          })
        },
      )
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')))
      outgoing.on('error', reject)
      outgoing.end(body)
    })
}

async function timed(url: string, init: RequestInit): Promise<Timed> {
  const started = performance.now()
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(30_000) })
    await response.arrayBuffer()
    return { status: response.status, ms: performance.now() - started }
  } catch {
    return { status: 0, ms: performance.now() - started }
  }
}

console.log(`soak: ${duration} s, ${connections} connections of reads, ${userCount} readers paying ${paysPerCheckout} times each, ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL 15'}`)
buildServerBundle()
// The Auth emulator the test suites share (AUTH_EMULATOR_PORT, 9099 by default), reused when it runs and
// leased like theirs (firebase-tools warns that several emulator suites of one project may interfere).
const emulator = await startAuthEmulator({ port: Number(process.env.AUTH_EMULATOR_PORT) || undefined })
// The readers first, while the emulator is fresh: their ID tokens are then checked without it (the
// emulator's tokens are verified locally), so the run does not depend on it staying up for minutes.
const users: { uid: string; idToken: string }[] = []
console.log(`creating ${userCount} readers in the Auth emulator...`)
try {
  for (let i = 0; i < userCount; i += 20) {
    const batch = Array.from({ length: Math.min(20, userCount - i) }, (_, j) =>
      createUser(emulator.host, { email: `soak-${Date.now()}-${i + j}@example.com`, password: 'secret-123' }),
    )
    users.push(...(await Promise.all(batch)))
  }
} catch (error) {
  await emulator.stop()
  throw error
}
const prepared = await (target
  ? Promise.resolve({
      env: {} as Record<string, string>,
      open: () => openDatabase({ kind: 'postgres', url: values['database-url']!, poolSize: 2 }, { migrate: false }),
      stop: async () => {},
    })
  : prepareBenchDatabase(kind, `${packageRoot}.soak-data/${kind}`, episodes)
).catch(async (error: unknown) => {
  await emulator.stop()
  throw error
})
let failed = false
// Coins, before each reader subscribes: one 50-coin pack paid `--pays` times at once, then this many
// different episodes unlocked at once (one more than the pack pays for) and the first again `--pays` times.
const COIN_PACK = getCoinPack('coins-50')!
const COIN_UNLOCKS = COIN_PACK.totalCoins / EPISODE_COIN_PRICE + 1
// The comic and episode of the readers' synced position.
let readingComicId = ''
let readingChapterId = ''
try {
  // What the reads ask for: the bench's three calls, the genres, and one page image.
  const inspect = await prepared.open()
  const bodies = await benchTargets(inspect.db)
  // A page every reader may fetch at its plain address (core `isPagePublic`: censored, of a free episode);
  // the others are listed at short-lived signed addresses, and their plain one is a 404.
  const [page] = await inspect.db
    .select({ file: assets.file })
    .from(assets)
    .innerJoin(chapters, eq(chapters.id, assets.chapterId))
    .where(and(eq(assets.variant, 'censored'), eq(chapters.isFree, true), lte(chapters.publishAt, new Date())))
    .orderBy(asc(assets.id))
    .limit(1)
  // The comics of the mirror host (core isComicShownOn): fetch sends no Host header of the adult host, so
  // the readers' calls are the mirror's, which answers no AO comic.
  const shownOnMirror = and(eq(comics.displayOnMirror, true), inArray(comics.contentRating, ['T', 'M']))
  // Episodes past the free ones of the mirror's first comic long enough: what the readers unlock with coins
  // before subscribing.
  const [unlockComic] = await inspect.db
    .select({ id: comics.id })
    .from(comics)
    .innerJoin(chapters, eq(chapters.comicId, comics.id))
    .where(and(shownOnMirror, lte(chapters.publishAt, new Date())))
    .groupBy(comics.id)
    .having(sql`count(*) >= ${3 + COIN_UNLOCKS}`)
    .orderBy(asc(comics.id))
    .limit(1)
  const lockedEpisodeIds = (
    await inspect.db
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.comicId, unlockComic!.id), lte(chapters.publishAt, new Date())))
      .orderBy(asc(chapters.chapterNumber))
  )
    .slice(3, 3 + COIN_UNLOCKS)
    .map((row) => String(row.id))
  const [mirrorComic] = await inspect.db.select({ id: comics.id }).from(comics).where(shownOnMirror).orderBy(asc(comics.id)).limit(1)
  const [firstChapter] = await inspect.db.select({ id: chapters.id }).from(chapters).where(eq(chapters.comicId, mirrorComic!.id)).orderBy(asc(chapters.chapterNumber)).limit(1)
  readingComicId = String(mirrorComic!.id)
  readingChapterId = String(firstChapter!.id)
  await inspect.close()

  const memory: { at: number; rss: number; heapUsed: number }[] = []
  const server = target
    ? { api: target, coldStartMs: 0, child: { on: () => undefined }, stop: async () => {} }
    : await startApiProcess(
    {
      ...prepared.env,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      PAYMENT_RATE_LIMIT: values['payment-rate-limit']!,
      // Writes and errors log at info; warnings and errors are what a soak wants to see.
      LOG_LEVEL: 'warn',
    },
    { preload: [pathToFileURL(`${packageRoot}bench/memory-probe.mjs`).href], ipc: true },
  )
  server.child.on('message', (message: { memory?: { at: number; rss: number; heapUsed: number } }) => {
    if (message.memory) memory.push(message.memory)
  })
  try {
    console.log(`server up in ${server.coldStartMs} ms`)

    const api = server.api
    const adult = { host: 'adult.localhost:5173', 'content-type': 'application/json' }
    const share = (weight: number) => Math.max(1, Math.round((connections * weight) / 100))
    const reads: { name: string; connections: number; method: 'GET' | 'POST'; url: string; body?: string; headers: Record<string, string> }[] = [
      { name: 'comics/list', connections: share(25), method: 'POST', url: `${api}/comics/list`, body: JSON.stringify(bodies.comicsList), headers: adult },
      { name: 'chapters/list', connections: share(20), method: 'POST', url: `${api}/chapters/list`, body: JSON.stringify(bodies.chaptersList), headers: adult },
      { name: 'comics-assets/list', connections: share(20), method: 'POST', url: `${api}/comics-assets/list`, body: JSON.stringify(bodies.assetsList), headers: adult },
      { name: 'genres/list', connections: share(15), method: 'POST', url: `${api}/genres/list`, body: JSON.stringify({ limit: 200, offset: 0 }), headers: adult },
    ]
    const taken = reads.reduce((sum, read) => sum + read.connections, 0)
    reads.push({ name: 'files (a page image)', connections: Math.max(1, connections - taken), method: 'GET', url: `${api}/files/${page!.file}`, headers: {} })

    console.log(`load: ${reads.map((read) => `${read.name} ×${read.connections}`).join(', ')}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`)
    const memoryFrom = memory.length
    const loadStarted = Date.now()
    const readRuns = reads.map((read) =>
      autocannon({ url: read.url, method: read.method, connections: read.connections, duration, headers: read.headers, ...(read.body ? { body: read.body } : {}) }),
    )

    // Checkouts and payments, spread over the run: each reader opens a checkout for one of the plans and
    // presses Pay with the success card `pays` times at once on the sandbox's page (one payment is taken,
    // the other presses find the checkout paid). Back on the site, even readers wait for the sandbox's
    // event (their list turns active); odd ones also confirm `pays` times at once as it lands.
    const checkoutsTimed: Timed[] = []
    const confirms: Timed[] = []
    const pagePays: Timed[] = []
    const waits: Timed[] = []
    const sameSubscription: boolean[] = []
    const spacingMs = (duration * 1000 * 0.9) / userCount
    const card = new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).toString()
    const coinCalls: Timed[] = []
    const coinOk = (status: number) => status === 200 || status === 303 || status === 409
    // Reading across devices: `pays` devices send their position in the first comic at once, each a page
    // further and a second later; the account must keep the furthest. Then the reader follows the comic.
    const readingCalls: Timed[] = []
    const readingJourney = async (auth: Record<string, string>) => {
      const base = Date.now() - 60_000
      await Promise.all(
        Array.from({ length: paysPerCheckout }, async (_, device) => {
          const entries = [{ comicId: readingComicId, chapterId: readingChapterId, chapterTitle: 'Episode 1', page: device + 1, offset: 0, updatedAt: base + device * 1_000 }]
          readingCalls.push(await timed(`${api}/me/progress`, { method: 'POST', headers: auth, body: JSON.stringify({ entries }) }))
        }),
      )
      readingCalls.push(await timed(`${api}/me/follows`, { method: 'POST', headers: { ...auth }, body: JSON.stringify({ comicId: readingComicId }) }))
      readingCalls.push(await timed(`${api}/me/follows`, { method: 'GET', headers: { authorization: auth.authorization! } }))
    }
    const timedCoinCall = async (url: string, init: RequestInit, call: typeof fetch = fetch) => {
      const startedCall = performance.now()
      const answer = await call(url, { ...init, redirect: 'manual' }).catch(() => undefined)
      const text = answer ? await answer.text() : ''
      coinCalls.push({ status: answer?.status ?? 0, ms: performance.now() - startedCall })
      return { status: answer?.status ?? 0, location: answer?.headers.get('location') ?? null, text }
    }
    /** A reader without a subscription buys a pack (paid `pays` times at once) and spends it on unlocks at once. */
    const coinJourney = async (auth: Record<string, string>, call: typeof fetch) => {
      const opened = await timedCoinCall(`${api}/coins/checkout`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ packId: COIN_PACK.id, urlSuccess: 'http://localhost:5173/coins' }),
      }, call)
      if (opened.status !== 200) return
      const pageUrl = (JSON.parse(opened.text) as { url: string }).url
      const presses = await Promise.all(
        Array.from({ length: paysPerCheckout }, () =>
          timedCoinCall(`${pageUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: card }, call),
        ),
      )
      const back = presses.find((press) => press.status === 303)?.location
      if (!back) return
      const orderId = new URL(back).searchParams.get('checkout')!
      await Promise.all(
        Array.from({ length: paysPerCheckout }, () =>
          timedCoinCall(`${api}/coins/purchases`, { method: 'POST', headers: auth, body: JSON.stringify({ checkoutId: orderId }) }, call),
        ),
      )
      await Promise.all([
        ...lockedEpisodeIds.map((chapterId) =>
          timedCoinCall(`${api}/coins/unlocks`, { method: 'POST', headers: auth, body: JSON.stringify({ chapterId }) }, call),
        ),
        ...Array.from({ length: paysPerCheckout }, () =>
          timedCoinCall(`${api}/coins/unlocks`, { method: 'POST', headers: auth, body: JSON.stringify({ chapterId: lockedEpisodeIds[0] }) }, call),
        ),
      ])
    }
    const payRuns = users.map(async (user, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * spacingMs))
      const plan = PLANS[i % PLANS.length]!
      const auth = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' }
      // Through a balancer each reader is a client of its own; on one server all share 127.0.0.1.
      const fetch = target ? fetchFrom(readerAddress(i)) : globalThis.fetch
      await readingJourney(auth)
      await coinJourney(auth, fetch)
      const started = performance.now()
      const response = await fetch(`${api}/subscriptions/checkout`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ level: plan.level, title: plan.id, urlSuccess: 'http://localhost:5173/account' }),
      }).catch(() => undefined)
      const opened = response?.ok ? ((await response.json()) as { url: string }) : undefined
      checkoutsTimed.push({ status: response?.status ?? 0, ms: performance.now() - started })
      if (!opened) return
      let orderId: string | undefined
      await Promise.all(
        Array.from({ length: paysPerCheckout }, async () => {
          const startedPay = performance.now()
          const paid = await fetch(`${opened.url}/pay`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: card,
            redirect: 'manual',
          }).catch(() => undefined)
          if (paid?.status === 303) orderId = new URL(paid.headers.get('location')!).searchParams.get('checkout')!
          await paid?.arrayBuffer()
          pagePays.push({ status: paid?.status ?? 0, ms: performance.now() - startedPay })
        }),
      )
      if (!orderId) return
      const subscriptionIds: string[] = []
      if (i % 2 === 1) {
        await Promise.all(
          Array.from({ length: paysPerCheckout }, async () => {
            for (let attempt = 0; attempt < 100; attempt++) {
              const startedConfirm = performance.now()
              const confirmed = await fetch(`${api}/subscriptions`, { method: 'POST', headers: auth, body: JSON.stringify({ checkoutId: orderId }) }).catch(() => undefined)
              const body = confirmed ? ((await confirmed.json()) as { data?: { id: string }[]; error?: { code: string } }) : undefined
              confirms.push({ status: body?.error?.code === 'payment_pending' ? 200 : (confirmed?.status ?? 0), ms: performance.now() - startedConfirm })
              if (confirmed?.ok) return void subscriptionIds.push(body!.data![0]!.id)
              if (body?.error?.code !== 'payment_pending') return
              await new Promise((resolve) => setTimeout(resolve, 200))
            }
          }),
        )
      }
      // Every reader's list turns active once the event landed (or the confirmation granted it); on a
      // loaded machine that may take a while, so the wait is bounded by time, not tries.
      const waitStarted = performance.now()
      while (performance.now() - waitStarted < 180_000) {
        const listed = await fetch(`${api}/subscriptions/list`, { method: 'POST', headers: auth, body: JSON.stringify({ limit: 10, offset: 0 }) }).catch(() => undefined)
        const active = listed?.ok ? ((await listed.json()) as { data: { id: string; status: string }[] }).data.filter((s) => s.status === 'active') : []
        if (active.length > 0) {
          subscriptionIds.push(...active.map((s) => s.id))
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      waits.push({ status: subscriptionIds.length > 0 ? 200 : 0, ms: performance.now() - waitStarted })
      sameSubscription.push(subscriptionIds.length > 0 && new Set(subscriptionIds).size === 1)
    })
    const [readResults] = await Promise.all([Promise.all(readRuns), Promise.all(payRuns)])
    const loadSeconds = (Date.now() - loadStarted) / 1000
    const during = memory.slice(memoryFrom)

    // The figures.
    interface Row { name: string; requests: number; errors: number; p50: number; p99: number; perSecond: number }
    const rows: Row[] = readResults.map((result, i) => ({
      name: reads[i]!.name,
      requests: result.requests.total,
      errors: result.errors + result.timeouts + result.non2xx,
      p50: result.latency.p50,
      p99: result.latency.p99,
      perSecond: result.requests.average,
    }))
    const ownRow = (name: string, list: Timed[], ok: (status: number) => boolean): Row => {
      const sorted = list.map((entry) => entry.ms).sort((a, b) => a - b)
      return {
        name,
        requests: list.length,
        errors: list.filter((entry) => !ok(entry.status)).length,
        p50: Math.round(percentile(sorted, 50)),
        p99: Math.round(percentile(sorted, 99)),
        perSecond: list.length / loadSeconds,
      }
    }
    rows.push(ownRow('subscriptions/checkout', checkoutsTimed, (status) => status === 200))
    // One press of Pay takes the payment (303 to urlSuccess); the others find the checkout paid (409 page).
    rows.push(ownRow('checkout/:id/pay (page)', pagePays, (status) => status === 303 || status === 409))
    rows.push(ownRow('subscriptions (confirm; pending counts as answered)', confirms, (status) => status === 200))
    // Coin calls: a 409 is an answer (a pending payment, a paid page pressed again, a short balance).
    rows.push(ownRow('coins (checkout, pay, purchases, unlocks)', coinCalls, coinOk))
    rows.push(ownRow('me/progress sync and me/follows', readingCalls, (status) => status === 200))
    rows.push(ownRow('until active (event landed)', waits, (status) => status === 200))
    const total = rows.reduce((sum, row) => sum + row.requests, 0)
    const errors = rows.reduce((sum, row) => sum + row.errors, 0)
    console.log(`\n| call | requests | req/s | p50 (ms) | p99 (ms) | errors |`)
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const row of rows) console.log(`| ${row.name} | ${row.requests} | ${row.perSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} |`)
    console.log(`total requests: ${total} in ${loadSeconds.toFixed(1)} s; errors: ${errors}`)

    // "Start" is taken 5 s into the load, once the catalogue cache and the database's own caches are warm:
    // what follows is what a long run would add.
    const warm = during.filter((sample) => sample.at >= loadStarted + 5_000)
    if (warm.length > 0) {
      const peak = (key: 'rss' | 'heapUsed') => Math.max(...warm.map((sample) => sample[key]))
      const [cold, first, last] = [during[0]!, warm[0]!, warm[warm.length - 1]!]
      console.log(`server memory over the run (${during.length} samples, twice a second): RSS ${mb(cold.rss)} when the load began; from 5 s on: start ${mb(first.rss)}, max ${mb(peak('rss'))}, end ${mb(last.rss)}; heap used start ${mb(first.heapUsed)}, max ${mb(peak('heapUsed'))}, end ${mb(last.heapUsed)}`)
    }
    if (errors > 0) failed = true
    const mixedAnswers = sameSubscription.filter((same) => !same).length
    if (mixedAnswers > 0) {
      console.log(`${mixedAnswers} readers got no subscription, or different ones from their confirmations and their list`)
      failed = true
    }
  } finally {
    await server.stop()
  }

  // Exactly once, as the database has it: one paid checkout, one subscription and one payment per reader.
  const database = await prepared.open()
  try {
    const uids = users.map((user) => user.uid)
    const perReader = async (rows: Promise<{ userId: string; n: number }[]>) => {
      const counts = new Map((await rows).map((row) => [row.userId, Number(row.n)]))
      const list = uids.map((uid) => counts.get(uid) ?? 0)
      return { total: list.reduce((sum, n) => sum + n, 0), none: list.filter((n) => n === 0).length, more: list.filter((n) => n > 1).length }
    }
    const { db } = database
    const subscribed = await perReader(
      db.select({ userId: subscriptions.userId, n: count() }).from(subscriptions).where(inArray(subscriptions.userId, uids)).groupBy(subscriptions.userId),
    )
    const paid = await perReader(db.select({ userId: payments.userId, n: count() }).from(payments).where(inArray(payments.userId, uids)).groupBy(payments.userId))
    const closed = await perReader(
      db
        .select({ userId: checkouts.userId, n: count() })
        .from(checkouts)
        .where(and(inArray(checkouts.userId, uids), eq(checkouts.status, 'paid'), eq(checkouts.kind, 'subscription')))
        .groupBy(checkouts.userId),
    )
    // This run's readers' paid events (the soak's database is kept between runs).
    const events = await db
      .select({ outcome: paymentEvents.outcome, n: count() })
      .from(paymentEvents)
      .innerJoin(checkouts, eq(checkouts.providerCheckoutId, paymentEvents.objectId))
      .where(and(eq(paymentEvents.type, 'checkout.paid'), inArray(checkouts.userId, uids), eq(checkouts.kind, 'subscription')))
      .groupBy(paymentEvents.outcome)
    const applied = Object.fromEntries(events.map((row) => [row.outcome, Number(row.n)]))
    const paidEvents = (applied.granted ?? 0) + (applied['no-op'] ?? 0)
    console.log(
      `payments exactly once: ${users.length} readers × ${paysPerCheckout} concurrent Pays of one checkout → ${subscribed.total} subscriptions, ${paid.total} payments, ${closed.total} paid checkouts in the database; readers with none: ${subscribed.none}, with more than one: ${subscribed.more + paid.more}; the sandbox's paid events applied: ${paidEvents} (granted ${applied.granted ?? 0}, already granted by a confirmation ${applied['no-op'] ?? 0})`,
    )
    // Coins exactly once, and every ledger equal to its balance.
    const credits = await perReader(
      db.select({ userId: coinLedger.userId, n: count() }).from(coinLedger).where(and(inArray(coinLedger.userId, uids), eq(coinLedger.kind, 'purchase'))).groupBy(coinLedger.userId),
    )
    const unlocked = await perReader(
      db.select({ userId: coinUnlocks.userId, n: count() }).from(coinUnlocks).where(inArray(coinUnlocks.userId, uids)).groupBy(coinUnlocks.userId),
    )
    const mismatches = await auditCoinLedgers(db)
    const expectedUnlocks = COIN_PACK.totalCoins / EPISODE_COIN_PRICE
    console.log(
      `coins exactly once: ${credits.total} pack credits for ${users.length} readers (none: ${credits.none}, more than one: ${credits.more}); ${unlocked.total} unlocks (${expectedUnlocks} expected per reader); ledgers whose sum is not the balance: ${mismatches.length}`,
    )
    // The furthest of each reader's concurrent devices is the position kept; one follow each.
    const kept = await db.select({ page: readingProgress.page }).from(readingProgress).where(inArray(readingProgress.userId, uids))
    const follows = await perReader(db.select({ userId: comicFollows.userId, n: count() }).from(comicFollows).where(inArray(comicFollows.userId, uids)).groupBy(comicFollows.userId))
    const newest = kept.filter((row) => row.page === paysPerCheckout).length
    console.log(`reading synced: ${kept.length} positions for ${users.length} readers, ${newest} the newest of ${paysPerCheckout} devices at once; follows: ${follows.total} (none: ${follows.none}, more than one: ${follows.more})`)
    if (kept.length !== users.length || newest !== users.length || follows.total !== users.length || follows.more > 0) failed = true
    if (credits.total !== users.length || credits.more > 0 || unlocked.total !== users.length * expectedUnlocks || mismatches.length > 0) failed = true
    if (
      subscribed.total !== users.length ||
      subscribed.none + subscribed.more > 0 ||
      paid.total !== users.length ||
      paid.more > 0 ||
      closed.total !== users.length ||
      paidEvents !== users.length
    ) {
      failed = true
    }
  } finally {
    await database.close()
  }
} finally {
  await prepared.stop()
  await emulator.stop()
}
process.exit(failed ? 1 : 0)

