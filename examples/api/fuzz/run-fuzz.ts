import fc from 'fast-check'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import * as z from 'zod'
import { ApiErrorBodySchema, endpoints, type EndpointName } from '@comics/core/contract'
import { isPublished } from '@comics/core/rules'
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
}

interface Server {
  app: FastifyInstance
  db: Database
  filesDir: string
  clock: Clock
}

const isContractEndpoint = (target: FuzzTarget): target is EndpointName => target in endpoints

function send(app: FastifyInstance, request: FuzzRequest, timeoutMs: number): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
  })
  const answer = app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  })
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer))
}

/** What is wrong with an answer, or undefined when it keeps every promise of the contract. */
function problemWith(request: FuzzRequest, response: LightMyRequestResponse, now: Date): string | undefined {
  const status = response.statusCode
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 300)}`
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
export async function runFuzz(server: Server, world: FuzzWorld, options: FuzzOptions): Promise<FuzzReport> {
  const timeoutMs = options.timeoutMs ?? 15_000
  const healthEvery = options.healthEvery ?? 25
  const report: FuzzReport = { seed: options.seed, casesRun: 0, perTarget: {}, statuses: {}, failures: [] }
  const healthy = async (): Promise<string | undefined> => {
    const genres = await send(server.app, { target: 'listGenres', role: 'guest', method: 'POST', url: '/api/v1/genres/list', headers: { 'content-type': 'application/json' }, payload: '{"limit":1,"offset":0}' }, timeoutMs)
    const own = await send(server.app, { target: 'listSubscriptions', role: 'reader', method: 'POST', url: '/api/v1/subscriptions/list', headers: { 'content-type': 'application/json', authorization: `Bearer ${world.tokens.reader}` }, payload: '{"limit":1,"offset":0}' }, timeoutMs)
    if (genres.statusCode !== 200 || own.statusCode !== 200) return `the server stopped answering plain calls: genres ${genres.statusCode}, subscriptions ${own.statusCode}`
    return undefined
  }

  let state = await writtenState(server.db, server.filesDir)
  const property = fc.asyncProperty(fuzzRequest(world), async (request) => {
    report.casesRun++
    if (report.casesRun % 1_000 === 0) options.onProgress?.(report)
    const response = await send(server.app, request, timeoutMs)
    const status = response.statusCode
    report.statuses[status] = (report.statuses[status] ?? 0) + 1
    const counts = (report.perTarget[request.target] ??= {})
    counts[status] = (counts[status] ?? 0) + 1

    const before = state
    state = await writtenState(server.db, server.filesDir)
    const problem =
      problemWith(request, response, server.clock.now()) ??
      // A declined card (402 on the hosted page) is a fact the provider records, as a real one would.
      (status >= 400 && !(request.target === 'checkoutPay' && status === 402) && JSON.stringify(state) !== JSON.stringify(before)
        ? `refused with ${status} but wrote: ${describeChange(before, state)}`
        : undefined) ??
      (report.casesRun % healthEvery === 0 ? await healthy() : undefined)
    if (problem) throw new Error(problem)
  })
  const details = await fc.check(property, { numRuns: options.numRuns, seed: options.seed })
  // Whatever was credited, unlocked or refused, every reader's balance is still their ledger's sum.
  for (const mismatch of await auditCoinLedgers(server.db)) {
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
  lines.push('per endpoint (status: count):')
  for (const [target, counts] of Object.entries(report.perTarget).sort(([a], [b]) => a.localeCompare(b))) {
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0)
    lines.push(`  ${target.padEnd(20)} ${String(total).padStart(6)}  ${Object.entries(counts).map(([status, count]) => `${status}: ${count}`).join(', ')}`)
  }
  lines.push(`failures: ${report.failures.length}`)
  for (const failure of report.failures) lines.push(`  ${failure.problem}\n  request: ${JSON.stringify(failure.request)}`)
  return lines
}
