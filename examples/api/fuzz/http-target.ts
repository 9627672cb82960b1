import { readdir } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { sql } from 'drizzle-orm'
import type { Database } from '../src/db/database'
import { rowsOf } from '../src/db/rows-of'
import { s3ClientFor, type S3Settings } from '../src/files/object-storage'
import type { FuzzAnswer, FuzzSubject } from './run-fuzz'

export interface HttpTargetOptions {
  /** The API's base address (the load balancer's), e.g. http://127.0.0.1:8080; a trailing /api/v1 is dropped. */
  target: string
  /** The database behind it (its PostgreSQL), read for the world and the properties. */
  db: Database
  /** Where the instances store files: their bucket, or one folder they share. */
  storage: { s3: S3Settings } | { folder: string }
  /**
   * A response header every answer of an API instance carries through the balancer (the topology's nginx
   * adds `X-Upstream`): an answer without it is the balancer's own.
   */
  upstreamHeader?: string
  /**
   * The first three parts of the loopback addresses requests are sent from, one after another
   * (e.g. 127.0.9 → 127.0.9.1…250), as many clients would: the payment rate limit counts per client
   * address behind the balancer. Without it, every request comes from 127.0.0.1.
   */
  fromAddresses?: string
  /** The longest the background may take to finish what a request left it (default 15 s). */
  settleWithinMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The fuzz over HTTP: each request sent on a fresh connection with Node's HTTP client (the fuzzed Host
 * header included), through whatever is at `target` (the two instances behind nginx of `pnpm topology`),
 * the written state and the checks after the run read from the PostgreSQL database and the bucket behind
 * it. The servers' time is the wall clock. Work that the instances do in the background (the sandbox's
 * events and delayed payments, rendition jobs) is waited for after each request, so that a refusal is
 * judged on what it wrote alone; after the run every event must have been delivered and every paid order
 * fulfilled exactly once.
 */
export function httpSubject(options: HttpTargetOptions): FuzzSubject {
  const base = new URL(options.target.replace(/\/+$/, '').replace(/\/api\/v1$/, ''))
  const since = new Date()
  const settleWithinMs = options.settleWithinMs ?? 15_000
  let sent = 0
  const listKeys = storedKeys(options.storage)

  const background = async () => {
    const [row] = rowsOf<{ events: number | string; settling: number | string; renditions: number | string }>(
      await options.db.execute(sql`
        select
          (select count(*) from sandbox_outbox where delivered_at is null and failed_at is null) as events,
          (select count(*) from sandbox_checkouts where status = 'processing') as settling,
          (select count(*) from jobs where kind = 'rendition' and status <> 'failed') as renditions`),
    )
    return { events: Number(row!.events), settling: Number(row!.settling), renditions: Number(row!.renditions) }
  }
  const settled = async (): Promise<string | undefined> => {
    const until = Date.now() + settleWithinMs
    for (;;) {
      const left = await background()
      if (left.events + left.settling + left.renditions === 0) return undefined
      if (Date.now() > until) {
        return `the background did not finish within ${settleWithinMs} ms: ${left.events} sandbox events undelivered, ${left.settling} payments settling, ${left.renditions} rendition jobs`
      }
      await sleep(50)
    }
  }

  return {
    db: options.db,
    now: () => new Date(),
    storedFiles: listKeys,
    settled,
    send(request, timeoutMs) {
      const from = options.fromAddresses ? `${options.fromAddresses}.${1 + (sent++ % 250)}` : undefined
      return new Promise<FuzzAnswer>((resolve, reject) => {
        const body = request.payload === undefined ? undefined : Buffer.isBuffer(request.payload) ? request.payload : Buffer.from(request.payload)
        const outgoing = httpRequest(
          {
            host: base.hostname,
            port: base.port,
            path: request.url,
            method: request.method,
            headers: { ...request.headers, connection: 'close', ...(body ? { 'content-length': String(body.length) } : {}) },
            ...(from ? { localAddress: from } : {}),
            agent: false,
            timeout: timeoutMs,
          },
          (incoming) => {
            const chunks: Buffer[] = []
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
            incoming.on('error', reject)
            incoming.on('end', () =>
              resolve({
                status: incoming.statusCode ?? 0,
                headers: incoming.headers,
                body: Buffer.concat(chunks).toString('utf8'),
                ...(options.upstreamHeader ? { fromBalancer: incoming.headers[options.upstreamHeader.toLowerCase()] === undefined } : {}),
              }),
            )
          },
        )
        outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)))
        outgoing.on('error', reject)
        outgoing.end(body)
      })
    },
    async afterRun() {
      const unsettled = await settled()
      const problems = unsettled ? [unsettled] : []
      const [lost] = rowsOf<{ n: number | string }>(await options.db.execute(sql`select count(*) as n from sandbox_outbox where failed_at is not null`))
      if (Number(lost!.n) > 0) problems.push(`${lost!.n} sandbox events were given up undelivered`)
      // Every order paid on the sandbox's page since the run began: one payment (a subscription) or one
      // credit (coins), whatever the fuzz did around it.
      const orders = rowsOf<{ id: string; kind: string; status: string; payments: number | string; credits: number | string }>(
        await options.db.execute(sql`
          select c.id, c.kind, c.status,
            (select count(*) from payments p where p.checkout_id = c.id) as payments,
            (select count(*) from coin_ledger l where l.checkout_id = c.id) as credits
          from sandbox_checkouts s join checkouts c on c.provider_checkout_id = s.id
          where s.status = 'paid' and s.created_at >= ${since.toISOString()}::timestamptz - interval '1 minute'`),
      )
      for (const order of orders) {
        const count = Number(order.kind === 'coins' ? order.credits : order.payments)
        if (count !== 1) problems.push(`the ${order.kind} order ${order.id} (${order.status}) paid on the sandbox's page has ${count} ${order.kind === 'coins' ? 'credits' : 'payments'}`)
      }
      return problems
    },
  }
}

/** The stored files' names: the bucket's keys (list by list), or the folder's entries. */
function storedKeys(storage: HttpTargetOptions['storage']): () => Promise<string[]> {
  if ('folder' in storage) return async () => (await readdir(storage.folder)).sort()
  const { bucket } = storage.s3
  const client = s3ClientFor(storage.s3)
  return async () => {
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3')
    const keys: string[] = []
    let token: string | undefined
    do {
      const page = await (await client).send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }))
      for (const object of page.Contents ?? []) if (object.Key && !object.Key.startsWith('.readyz/')) keys.push(object.Key)
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return keys.sort()
  }
}
