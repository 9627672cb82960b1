import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../app-context'

/** Liveness: the process answers. Nothing else is asked. */
export const HEALTHZ_PATH = '/healthz'
/** Readiness: the database answers and the file storage takes a write; 503 otherwise, or while stopping. */
export const READYZ_PATH = '/readyz'

/** How long a readiness check waits for the database or the storage before calling it unready. */
const CHECK_TIMEOUT_MS = 2_000

type Check = { ok: true } | { ok: false; error: string }

/**
 * The load balancer's and the platform's probes, at the root (outside /api/v1: they are asked of an
 * instance directly, not through the site's proxy). Never cached, never rate limited, logged at debug.
 */
export function registerHealthRoutes(app: FastifyInstance, context: AppContext): void {
  app.get(HEALTHZ_PATH, { logLevel: 'warn' }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }))

  app.get(READYZ_PATH, { logLevel: 'warn' }, async (_request, reply) => {
    const [database, storage] = await Promise.all([
      check(() => context.db.execute(sql`select 1`)),
      // A write and its removal, on the local disk or the S3 bucket: a full disk, a read-only mount, a
      // bucket out of reach or refusing the credentials fails it.
      check(() => context.fileStore.storage.probe()),
    ])
    const stopping = context.lifecycle?.stopping === true
    const ready = database.ok && storage.ok && !stopping
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : stopping ? 'stopping' : 'unavailable', checks: { database, storage } })
  })
}

async function check(run: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      run(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
      }),
    ])
    return { ok: true }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'failed' }
  } finally {
    clearTimeout(timer)
  }
}
