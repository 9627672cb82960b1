import { connect, createServer, type AddressInfo, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'

/** A network profile: round trip and bandwidth each way (the bench's SLOW_4G). */
export interface LinkProfile {
  latencyMs: number
  downloadBitsPerSecond: number
  uploadBitsPerSecond: number
}

/** How often a busy direction hands out bytes: small against the round trip, large against timer jitter. */
const TICK_MS = 5

/** One connection's bytes waiting in one direction of the link. */
class Flow {
  private readonly chunks: Buffer[] = []
  pendingBytes = 0
  private ended = false
  private closed = false

  constructor(
    /** Called with the bytes once they have crossed the link (serialised, then delayed). */
    private readonly deliver: (bytes: Buffer) => void,
    /** Called once everything before the end has been delivered. */
    private readonly finish: () => void,
  ) {}

  push(bytes: Buffer) {
    this.chunks.push(bytes)
    this.pendingBytes += bytes.length
  }

  take(count: number): Buffer {
    const parts: Buffer[] = []
    let left = count
    while (left > 0 && this.chunks.length > 0) {
      const head = this.chunks[0]!
      if (head.length <= left) {
        parts.push(head)
        this.chunks.shift()
        left -= head.length
      } else {
        parts.push(head.subarray(0, left))
        this.chunks[0] = head.subarray(left)
        left = 0
      }
    }
    const taken = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
    this.pendingBytes -= taken.length
    return taken
  }

  end() {
    this.ended = true
  }

  get drainedAndEnded() {
    return this.ended && this.pendingBytes === 0
  }

  arrive(bytes: Buffer) {
    if (!this.closed) this.deliver(bytes)
  }

  arriveEnd() {
    if (!this.closed) this.finish()
  }

  close() {
    this.closed = true
    this.chunks.length = 0
    this.pendingBytes = 0
  }
}

/**
 * One direction of the emulated link: its bandwidth shared fairly between the connections with bytes to
 * send (as Chromium's own network emulation shares it between requests), then a fixed one-way delay.
 */
class Direction {
  private readonly flows = new Set<Flow>()
  private readonly bytesPerMs: number
  private budget = 0
  private last = 0
  private timer: NodeJS.Timeout | undefined
  bytes = 0

  constructor(
    bitsPerSecond: number,
    private readonly delayMs: number,
  ) {
    this.bytesPerMs = bitsPerSecond / 8 / 1000
  }

  send(flow: Flow, bytes: Buffer) {
    flow.push(bytes)
    this.flows.add(flow)
    this.wake()
  }

  end(flow: Flow) {
    flow.end()
    this.flows.add(flow)
    this.wake()
  }

  drop(flow: Flow) {
    flow.close()
    this.flows.delete(flow)
  }

  stop() {
    clearTimeout(this.timer)
    this.timer = undefined
    for (const flow of this.flows) flow.close()
    this.flows.clear()
  }

  private wake() {
    if (this.timer) return
    // An idle link saves no bandwidth for later: the budget counts from now.
    this.last = performance.now()
    this.budget = 0
    this.timer = setTimeout(() => this.pump(), 0)
  }

  private later(action: () => void) {
    setTimeout(action, this.delayMs)
  }

  private pump() {
    this.timer = undefined
    const now = performance.now()
    this.budget += (now - this.last) * this.bytesPerMs
    this.last = now
    for (const flow of this.flows) {
      if (flow.drainedAndEnded) {
        this.flows.delete(flow)
        this.later(() => flow.arriveEnd())
      }
    }
    while (this.budget >= 1) {
      const active = [...this.flows].filter((flow) => flow.pendingBytes > 0)
      if (active.length === 0) break
      const share = Math.max(1, Math.floor(this.budget / active.length))
      for (const flow of active) {
        const taken = flow.take(Math.min(share, Math.floor(this.budget)))
        if (taken.length === 0) continue
        this.budget -= taken.length
        this.bytes += taken.length
        this.later(() => flow.arrive(taken))
        if (flow.drainedAndEnded) {
          this.flows.delete(flow)
          this.later(() => flow.arriveEnd())
        }
      }
    }
    if ([...this.flows].some((flow) => flow.pendingBytes > 0 || flow.drainedAndEnded)) {
      // Keep what was not spent (less than a byte per flow), so the rate holds over many ticks.
      this.timer = setTimeout(() => this.pump(), TICK_MS)
    } else {
      this.budget = 0
    }
  }
}

/** A request the link carried, read from its request line (HTTP/1.1: one at a time on a connection). */
export interface CarriedRequest {
  method: string
  path: string
  /** Sent by a service worker's navigation preload (its Service-Worker-Navigation-Preload header). */
  navigationPreload: boolean
  /** When the proxy received it (Date.now(): the same clock as a page's performance.timeOrigin). */
  at: number
}

const REQUEST_LINE = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/

export interface ThrottlingProxy {
  /** The loopback port Chromium connects to in place of the target's. */
  port: number
  /** The requests carried since the start (or the last `reset`), in order. */
  requests(): CarriedRequest[]
  /** Connections accepted and bytes carried each way since the start (or the last `reset`). */
  stats(): { connections: number; bytesDown: number; bytesUp: number }
  reset(): void
  stop(): Promise<void>
}

/**
 * A TCP proxy on 127.0.0.1 in front of `targetPort` that makes the loopback behave like the profile's
 * link: each connection opens one round trip late (TCP's handshake), every byte crosses the link at the
 * profile's bandwidth, shared by all connections open at once, and half the round trip later each way, so
 * a request and its answer cost a round trip. Chromium reaches it through `--host-resolver-rules`, so
 * whatever the browser fetches (the page and its service worker alike) goes through it, under the same
 * origin. Stopped by its own handle.
 */
export async function startThrottlingProxy(options: { targetPort: number; profile: LinkProfile }): Promise<ThrottlingProxy> {
  const { profile } = options
  const oneWayMs = profile.latencyMs / 2
  const down = new Direction(profile.downloadBitsPerSecond, oneWayMs)
  const up = new Direction(profile.uploadBitsPerSecond, oneWayMs)
  const sockets = new Set<Socket>()
  let connections = 0
  let carried: CarriedRequest[] = []

  const server = createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    connections++
    const upstream = connect({ host: '127.0.0.1', port: options.targetPort, allowHalfOpen: true, noDelay: true })
    sockets.add(client)
    sockets.add(upstream)
    const toServer = new Flow(
      (bytes) => upstream.write(bytes),
      () => upstream.end(),
    )
    const toClient = new Flow(
      (bytes) => client.write(bytes),
      () => client.end(),
    )
    const close = () => {
      up.drop(toServer)
      down.drop(toClient)
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    // The client's bytes wait for the handshake's round trip, then cross the uplink.
    client.on('data', (bytes: Buffer) => {
      const head = bytes.subarray(0, 4096).toString('latin1')
      const line = REQUEST_LINE.exec(head)
      if (line) carried.push({ method: line[1]!, path: line[2]!, navigationPreload: /\r\nservice-worker-navigation-preload:/i.test(head.split('\r\n\r\n')[0]!), at: Date.now() })
      up.send(toServer, bytes)
    })
    client.pause()
    const opened = setTimeout(() => client.resume(), profile.latencyMs)
    client.on('end', () => up.end(toServer))
    upstream.on('data', (bytes: Buffer) => down.send(toClient, bytes))
    upstream.on('end', () => down.end(toClient))
    client.on('close', () => {
      clearTimeout(opened)
      close()
    })
    upstream.on('close', () => {
      // An upstream that closed cleanly still has its last bytes on the way down.
      sockets.delete(upstream)
    })
    client.on('error', close)
    upstream.on('error', close)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    port,
    requests: () => [...carried],
    stats: () => ({ connections, bytesDown: down.bytes, bytesUp: up.bytes }),
    reset: () => {
      carried = []
      connections = 0
      down.bytes = 0
      up.bytes = 0
    },
    stop: async () => {
      down.stop()
      up.stop()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
