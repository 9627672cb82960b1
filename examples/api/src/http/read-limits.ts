import { BlockList, isIPv6 } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from './http-error'

/** A read refused for its client's budget (the read limit, or catalogue queries in flight). */
export class ReadLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number, message: string) {
    super(429, 'rate_limited', message)
    this.name = 'ReadLimitedError'
  }
}

/** `error` answered: its Retry-After set on the reply first. */
export function refuseRead(reply: FastifyReply, error: ReadLimitedError): never {
  reply.header('retry-after', String(error.retryAfterSeconds))
  throw error
}

interface Bucket {
  tokens: number
  at: number
}

/**
 * Reads allowed per client: a token bucket each, `perMinute` deep and refilled at `perMinute` a minute,
 * kept in this instance's memory (a read counted in the database would cost a write on every cached read).
 * Buckets back to full are forgotten once a minute.
 */
export class ReadRateLimit {
  private buckets = new Map<string, Bucket>()
  private sweptAt: number
  private readonly perMs: number

  constructor(private readonly perMinute: number, private readonly now: () => number = Date.now) {
    this.perMs = perMinute / 60_000
    this.sweptAt = now()
  }

  /** Counts one read of `client`, or throws ReadLimitedError when its bucket is empty. */
  take(client: string): void {
    const now = this.now()
    if (now - this.sweptAt >= 60_000) this.sweep(now)
    const bucket = this.buckets.get(client) ?? { tokens: this.perMinute, at: now }
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs)
    bucket.at = now
    this.buckets.set(client, bucket)
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000))
      throw new ReadLimitedError(retryAfter, `Too many requests, retry in ${retryAfter} s`)
    }
    bucket.tokens -= 1
  }

  private sweep(now: number): void {
    this.sweptAt = now
    for (const [client, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.perMinute) this.buckets.delete(client)
    }
  }
}

/**
 * Catalogue queries that missed the cache, bounded per client: `inFlight` run at once, up to three times
 * as many more wait their turn (in order), and any beyond are refused at once (ReadLimitedError): a
 * client's bill on the database is bounded however it varies its queries, while a page's burst of reads
 * on a cold cache waits rather than fails.
 */
export class CatalogueMissBound {
  private clients = new Map<string, { running: number; waiting: Array<() => void> }>()
  private readonly maxWaiting: number

  constructor(private readonly inFlight: number) {
    this.maxWaiting = inFlight * 3
  }

  /** Runs `query` for `client` within its bound (null: a caller not bounded, the site's own server). */
  async run<T>(client: string | null, query: () => Promise<T>): Promise<T> {
    if (client === null) return query()
    let state = this.clients.get(client)
    if (!state) this.clients.set(client, (state = { running: 0, waiting: [] }))
    if (state.running >= this.inFlight) {
      if (state.waiting.length >= this.maxWaiting) {
        throw new ReadLimitedError(1, 'Too many catalogue queries at once, retry in 1 s')
      }
      await new Promise<void>((resolve) => state!.waiting.push(resolve))
    } else {
      state.running++
    }
    try {
      return await query()
    } finally {
      // The turn passes to the next waiting query, which runs in this one's place.
      const next = state.waiting.shift()
      if (next) next()
      else if (--state.running === 0) this.clients.delete(client)
    }
  }
}

/** The loopback forms of an IPv4 address seen on an IPv6 socket. */
const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i

/**
 * The key a request's limits count under: the verified account of a signed-in caller (one address may be a
 * whole office), else the client's address as the trusted proxies (TRUST_PROXY) name it; null for the
 * site's own server (a trusted proxy's call that names no client: its page renders and sitemaps, on
 * behalf of every visitor).
 */
export function clientKeyResolver(
  trustProxy: readonly string[],
  callerOf: (request: FastifyRequest) => Promise<{ uid: string } | null>,
): (request: FastifyRequest) => Promise<string | null> {
  const trusted = new BlockList()
  for (const item of trustProxy) {
    const [address, prefix] = item.split('/')
    const type = isIPv6(address!) ? 'ipv6' : 'ipv4'
    if (prefix === undefined) trusted.addAddress(address!, type)
    else trusted.addSubnet(address!, Number(prefix), type)
  }
  const isTrusted = (address: string | undefined): boolean => {
    if (!address) return false
    const plain = MAPPED_IPV4.exec(address)?.[1] ?? address
    return trusted.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4')
  }
  return async (request) => {
    const caller = await callerOf(request)
    if (caller) return `uid:${caller.uid}`
    if (request.headers['x-forwarded-for'] === undefined && isTrusted(request.socket.remoteAddress)) return null
    return `ip:${request.ip}`
  }
}
