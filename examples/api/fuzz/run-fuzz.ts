import { readdir } from 'node:fs/promises'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import * as z from 'zod'
import { ApiErrorBodySchema, endpoints, type EndpointName } from '@comics/core/contract'
import { isPublished, type SiteMode } from '@comics/core/rules'
import { eq, sql } from 'drizzle-orm'
import { assets, chapters, comics } from '../src/db/schema'
import { siteModeResolver } from '../src/host/site-mode-of-request'
import type { Clock } from '../src/clock'
import type { Database } from '../src/db/database'
import { writtenState } from '../test/support/written-state'
import { auditCoinLedgers } from '../src/coins/audit-coin-ledgers'
import { fuzzRequest, type FuzzRequest, type FuzzTarget, type FuzzWorld } from './request-arbitraries'

export interface FuzzOptions {
  numRuns: number
  seed: number
  /** Longest a request may take before the server counts as not answering. */
  timeoutMs?: number
  /** Every this many cases, two plain calls must still succeed. */
  healthEvery?: number
  /** Called every 1,000 cases with the report so far. */
  onProgress?: (report: FuzzReport) => void
}

export interface FuzzReport {
  seed: number
  /** Requests sent (shrinking a failure sends more). */
  casesRun: number
  perTarget: Record<string, Record<number, number>>
  statuses: Record<number, number>
  /** The smallest failing request fast-check found, and what was wrong; empty when every property held. */
  failures: { request: FuzzRequest; problem: string }[]
  /** Answers the load balancer gave itself (over HTTP only). */
  byBalancer: number
}

/** An answer as the properties read it, whichever way it was sent. */
export interface FuzzAnswer {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
  /**
   * Answered by the load balancer in front, not by an API instance (a request line it refuses, such as
   * a path that climbs above the root): counted, and only a 5xx of it is a failure.
   */
  fromBalancer?: boolean
}

/**
 * What the fuzz runs against: in-process (`app.inject` on a server of this process, see
 * {@link inProcessSubject}) or over HTTP (fuzz/http-target.ts: the API behind a load balancer, its
 * PostgreSQL database and its bucket). The properties are the same.
 */
export interface FuzzSubject {
  /** Sends one request; rejects when nothing answered within `timeoutMs`. */
  send(request: FuzzRequest, timeoutMs: number): Promise<FuzzAnswer>
  /** The database behind the API, for the written state and the checks after the run. */
  db: Database
  /** The stored files' names (the folder, or the bucket). */
  storedFiles(): Promise<string[]>
  /** The server's time: its clock in-process, the wall clock over HTTP (the instances run on it). */
  now(): Date
  /**
   * Resolves once the work an accepted request left to the servers' background (the sandbox's events
   * and delayed payments, rendition jobs) is done, so that a later refusal is judged on what it wrote
   * alone. In-process nothing runs in the background.
   */
  settled?(): Promise<string | undefined>
  /** What is wrong with what the run left behind, beyond the coin ledgers (over HTTP: events lost, orders paid and not fulfilled). */
  afterRun?(): Promise<string[]>
}

/** A server of this process, sent requests with `app.inject`; its sandbox delivers nothing unless told. */
export function inProcessSubject(server: { app: FastifyInstance; db: Database; filesDir: string; clock: Clock }): FuzzSubject {
  return {
    db: server.db,
    now: () => server.clock.now(),
    storedFiles: async () => (await readdir(server.filesDir)).sort(),
    async send(request, timeoutMs) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
      })
      const answer = server.app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      })
      const response = await Promise.race([answer, timeout]).finally(() => clearTimeout(timer))
      return { status: response.statusCode, headers: response.headers, body: response.body }
    },
  }
}

const isContractEndpoint = (target: FuzzTarget): target is EndpointName => target in endpoints

/** The AO comics' ids, their episodes' ids and the images only their pages use, as the database holds them now. */
async function adultOnlyContent(db: Database): Promise<{ comics: Set<string>; chapters: Set<string>; files: Set<string> }> {
  const adultComics = await db.select({ id: comics.id }).from(comics).where(eq(comics.contentRating, 'AO'))
  const adultChapters = await db.select({ id: chapters.id }).from(chapters).innerJoin(comics, eq(comics.id, chapters.comicId)).where(eq(comics.contentRating, 'AO'))
  const pageFiles = await db
    .select({ file: assets.file })
    .from(assets)
    .innerJoin(comics, eq(comics.id, assets.comicId))
    .groupBy(assets.file)
    .having(sql`bool_and(${comics.contentRating} = 'AO')`)
  return {
    comics: new Set(adultComics.map((row) => String(row.id))),
    chapters: new Set(adultChapters.map((row) => String(row.id))),
    files: new Set(pageFiles.map((row) => row.file)),
  }
}

/**
 * What of an AO comic a mirror-host answer holds (core `isComicShownOn`): a comic rated AO, anything
 * naming an AO comic or one of its episodes, an image only AO pages use. Undefined when nothing.
 */
function adultContentIn(value: unknown, adult: Awaited<ReturnType<typeof adultOnlyContent>>): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = adultContentIn(item, adult)
      if (found) return found
    }
    return undefined
  }
  if (typeof value === 'string') {
    const name = /\/files\/([0-9a-f]{64}\.[a-z]+)/.exec(value)?.[1]
    return name && adult.files.has(name) ? `the AO page image ${name}` : undefined
  }
  if (!value || typeof value !== 'object') return undefined
  const object = value as Record<string, unknown>
  if (object.contentRating === 'AO') return `the AO comic ${String(object.id)}`
  for (const key of ['comicId', 'comicsId']) if (adult.comics.has(String(object[key]))) return `${key} ${String(object[key])} of an AO comic`
  if (adult.chapters.has(String(object.chapterId))) return `the episode ${String(object.chapterId)} of an AO comic`
  for (const item of Object.values(object)) {
    const found = adultContentIn(item, adult)
    if (found) return found
  }
  return undefined
}

/**
 * What of an AO comic a mirror-host request was answered (an image included). An admin's reads are of
 * every comic by design (their comic and episode lists): only the readers' and guests' answers count. A
 * reader's export of their own data is whole whatever the host it is asked on (it is everything the service
 * holds about them, their reading of AO comics on the adult host included): it names only what they did.
 */
async function adultLeak(request: FuzzRequest, response: FuzzAnswer, db: Database, modeOf: (host: string | undefined) => SiteMode): Promise<string | undefined> {
  if (response.status !== 200 || response.fromBalancer || request.role === 'admin' || modeOf(request.headers.host) === 'adult') return undefined
  if (request.target === 'exportMyData') return undefined
  // An unfollow answers with the id the request named, whatever the host: it tells the caller nothing new
  // (a reader may stop following, from the mirror, a comic they followed on the adult host).
  if (request.target === 'unfollowComic') return undefined
  const adult = await adultOnlyContent(db)
  if (request.target === 'file') {
    const name = /\/files\/([^/?]+)/.exec(request.url)?.[1]
    return name && adult.files.has(name) ? `served the AO page image ${name} to the mirror host ${request.headers.host}` : undefined
  }
  let body: unknown
  try {
    body = JSON.parse(response.body)
  } catch {
    return undefined
  }
  const found = adultContentIn(body, adult)
  return found ? `answered the mirror host ${request.headers.host} with ${found}` : undefined
}

/** What is wrong with an answer, or undefined when it keeps every promise of the contract. */
function problemWith(request: FuzzRequest, response: FuzzAnswer, now: Date): string | undefined {
  const status = response.status
  if (status >= 500) return `answered ${status}${response.fromBalancer ? ' (the load balancer)' : ''}: ${response.body.slice(0, 300)}`
  // The balancer's own refusal of a request line (HTML, its own page) is not the API's to shape.
  if (response.fromBalancer) return undefined
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json')
  const parsed = () => {
    try {
      return JSON.parse(response.body) as unknown
    } catch {
      return undefined
    }
  }
  if (status >= 400) {
    // The sandbox's hosted page answers with HTML pages (an unknown checkout, a card refused), as a
    // payment provider's page would.
    if (!json && !request.target.startsWith('checkout')) return `answered ${status} without a JSON error body`
    if (json) {
      const body = z.safeParse(ApiErrorBodySchema, parsed())
      if (!body.success) return `answered ${status} with a body that is not the contract's error body: ${response.body.slice(0, 300)}`
      if (body.data.error.message.trim() === '') return `answered ${status} with an empty error message`
    }
    return undefined
  }
  if (isContractEndpoint(request.target) && status === 200) {
    const body = z.safeParse(endpoints[request.target].response, parsed())
    if (!body.success) return `answered 200 with a body that breaks the contract: ${response.body.slice(0, 300)}`
    // Only an admin is ever sent an episode not yet published (core isPublished).
    if (request.target === 'listChapters' && request.role !== 'admin') {
      const unpublished = (body.data as { data: { id: string; publishAt?: string | null }[] }).data.find((chapter) => !isPublished(chapter, now))
      if (unpublished) return `listed the unpublished episode ${unpublished.id} to a ${request.role}`
    }
  }
  return undefined
}

/**
 * Sends `numRuns` faulty requests (see request-arbitraries.ts) one after another and checks after each:
 * no 5xx, an answer within the time limit, every 4xx with the contract's error body, a 200 with the
 * endpoint's response body, nothing written (rows, files) by a refused request, and, every few cases, that
 * plain calls still succeed. fast-check shrinks a failure to the smallest request that shows it.
 */
export async function runFuzz(subject: FuzzSubject, world: FuzzWorld, options: FuzzOptions): Promise<FuzzReport> {
  const timeoutMs = options.timeoutMs ?? 15_000
  const healthEvery = options.healthEvery ?? 25
  const report: FuzzReport = { seed: options.seed, casesRun: 0, perTarget: {}, statuses: {}, failures: [], byBalancer: 0 }
  const send = (request: FuzzRequest) => subject.send(request, timeoutMs)
  const modeOf = siteModeResolver(world.hosts)
  const healthy = async (): Promise<string | undefined> => {
    const genres = await send({ target: 'listGenres', role: 'guest', method: 'POST', url: '/api/v1/genres/list', headers: { 'content-type': 'application/json' }, payload: '{"limit":1,"offset":0}' })
    const own = await send({ target: 'listSubscriptions', role: 'reader', method: 'POST', url: '/api/v1/subscriptions/list', headers: { 'content-type': 'application/json', authorization: `Bearer ${world.tokens.reader}` }, payload: '{"limit":1,"offset":0}' })
    if (genres.status !== 200 || own.status !== 200) return `the server stopped answering plain calls: genres ${genres.status}, subscriptions ${own.status}`
    return undefined
  }

  const stateNow = async () => writtenState(subject.db, await subject.storedFiles())
  let state = await stateNow()
  const property = fc.asyncProperty(fuzzRequest(world), async (request) => {
    report.casesRun++
    if (report.casesRun % 1_000 === 0) options.onProgress?.(report)
    const response = await send(request)
    const status = response.status
    report.statuses[status] = (report.statuses[status] ?? 0) + 1
    if (response.fromBalancer) report.byBalancer++
    const counts = (report.perTarget[request.target] ??= {})
    counts[status] = (counts[status] ?? 0) + 1

    const before = state
    // What a request left to the background is done before the state is taken (over HTTP).
    const unsettled = await subject.settled?.()
    state = await stateNow()
    const problem =
      unsettled ??
      problemWith(request, response, subject.now()) ??
      (await adultLeak(request, response, subject.db, modeOf)) ??
      // A declined card (402 on the hosted page) is a fact the provider records, as a real one would.
      (status >= 400 && !(request.target === 'checkoutPay' && status === 402) && JSON.stringify(state) !== JSON.stringify(before)
        ? `refused with ${status} but wrote: ${describeChange(before, state)}`
        : undefined) ??
      (report.casesRun % healthEvery === 0 ? await healthy() : undefined)
    if (problem) throw new Error(problem)
  })
  const details = await fc.check(property, { numRuns: options.numRuns, seed: options.seed })
  // Whatever was credited, unlocked or refused, every reader's balance is still their ledger's sum.
  for (const problem of (await subject.afterRun?.()) ?? []) {
    report.failures.push({ request: { target: 'webhook', role: 'guest', method: 'POST', url: '(after the run)', headers: {} }, problem })
  }
  for (const mismatch of await auditCoinLedgers(subject.db)) {
    report.failures.push({
      request: { target: 'unlockEpisode', role: 'reader', method: 'POST', url: '(after the run)', headers: {} },
      problem: `coin balance of ${mismatch.userId} is ${mismatch.balance}, its ledger sums to ${mismatch.ledgerSum}`,
    })
  }
  if (details.failed) {
    const request = details.counterexample?.[0]
    const problem = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
    if (request) report.failures.push({ request: printable(request), problem })
    else report.failures.push({ request: { target: 'file', role: 'guest', method: 'GET', url: '', headers: {} }, problem })
  }
  return report
}

function describeChange(before: Awaited<ReturnType<typeof writtenState>>, after: Awaited<ReturnType<typeof writtenState>>): string {
  const tables = Object.keys(after.tables).filter((name) => after.tables[name] !== before.tables[name])
  const files = after.storedFiles.filter((name) => !before.storedFiles.includes(name))
  const gone = before.storedFiles.filter((name) => !after.storedFiles.includes(name))
  return [...tables.map((name) => `table ${name}`), ...files.map((name) => `new file ${name}`), ...gone.map((name) => `removed file ${name}`)].join(', ')
}

/** A request as a report can show it: long payloads cut, binary ones summarised. */
function printable(request: FuzzRequest): FuzzRequest {
  const payload = request.payload
  if (payload === undefined) return request
  const text = typeof payload === 'string' ? payload : payload.toString('latin1')
  return { ...request, payload: text.length > 2_000 ? `${text.slice(0, 2_000)}... (${text.length} bytes)` : text }
}

/** The status histogram and per-target counts as lines of text. */
export function formatFuzzReport(report: FuzzReport): string[] {
  const lines = [`cases run: ${report.casesRun} (seed ${report.seed})`]
  lines.push(`statuses: ${Object.entries(report.statuses).map(([status, count]) => `${status}: ${count}`).join(', ')}`)
  if (report.byBalancer > 0) lines.push(`answered by the load balancer itself (a request line it refuses): ${report.byBalancer}`)
  lines.push('per endpoint (status: count):')
  for (const [target, counts] of Object.entries(report.perTarget).sort(([a], [b]) => a.localeCompare(b))) {
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0)
    lines.push(`  ${target.padEnd(20)} ${String(total).padStart(6)}  ${Object.entries(counts).map(([status, count]) => `${status}: ${count}`).join(', ')}`)
  }
  lines.push(`failures: ${report.failures.length}`)
  for (const failure of report.failures) lines.push(`  ${failure.problem}\n  request: ${JSON.stringify(failure.request)}`)
  return lines
}
