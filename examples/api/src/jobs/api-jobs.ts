import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import type { PreparedWork, Renditions } from '../files/renditions'
import type { PaymentProvider } from '../payments/provider/payment-provider'
import { PaymentProviders } from '../payments/provider/payment-providers'
import { renewDueSubscriptions } from '../payments/renew-subscriptions'
import { JobQueue, type JobQueueOptions } from './job-queue'

/** How often the renewal run is due (one run across all instances). */
export const RENEWALS_EVERY_MS = 60_000

/** The key of a rendition's job: the stored image and the width, so the same rendition is queued once. */
export const renditionJobKey = (name: string, width: number) => `rendition:${name}:${width}`

/** The key of the job that cuts a tall page into its tiles at one width (its own for the tiles themselves). */
export const tilesJobKey = (name: string, width: number) => `tiles:${name}:${width}`

const jobKeyOf = (work: PreparedWork) => (work.tiles ? tilesJobKey(work.name, work.width) : renditionJobKey(work.name, work.width))

/**
 * The API's durable jobs: `rendition` (one narrower copy of a stored page image, made ahead of its first
 * request, or a tall page's tiles at one width) and `renewals` (the renewal and expiry run, every minute, by one instance at a time). The
 * renditions `prepare` queues become jobs of this queue. Call `start()` once the server listens.
 */
export async function createApiJobs(
  deps: { db: Database; clock: Clock; provider: PaymentProvider | PaymentProviders; renditions: Renditions; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> },
  options: JobQueueOptions & { renewalsEveryMs?: number } = {},
): Promise<JobQueue> {
  const { db, clock, renditions, log } = deps
  const providers = deps.provider instanceof PaymentProviders ? deps.provider : PaymentProviders.single(deps.provider)
  const queue = new JobQueue(
    db,
    {
      rendition: {
        async run(job) {
          await renditions.make(job.payload as PreparedWork)
        },
      },
      renewals: {
        everyMs: options.renewalsEveryMs ?? RENEWALS_EVERY_MS,
        async run() {
          // Each provider renews the subscriptions paid through it.
          for (const provider of providers.all) {
            const result = await renewDueSubscriptions(db, clock, provider)
            if (result.renewed || result.failed || result.expired || result.refunded || result.refundsLeft) {
              log.info({ ...result, provider: provider.name }, 'subscriptions settled')
            }
          }
        },
      },
    },
    {
      onError: (error, job) =>
        job?.kind === 'renewals'
          ? log.error({ err: error, job: job.key, attempt: job.attempts }, 'renewal failed')
          : log.warn({ err: error, job: job?.key, attempt: job?.attempts }, job ? 'job failed; it will be retried' : 'claiming jobs failed'),
      ...options,
    },
  )
  renditions.queueDurably((items) => queue.enqueue(items.map((item) => ({ kind: 'rendition', key: jobKeyOf(item), payload: item }))))
  await queue.ensureRecurring('renewals')
  return queue
}
