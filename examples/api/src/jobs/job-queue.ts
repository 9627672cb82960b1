import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { rowsOf } from '../db/rows-of'

/** A job as its handler gets it. */
export interface ClaimedJob {
  id: number
  kind: string
  key: string
  payload: unknown
  /** 1 on the first try. */
  attempts: number
}

/**
 * What a handler does with a job. Resolving completes it (a one-off job's row is deleted; a recurring one
 * is queued again for `every` later); throwing makes it fail: retried later with a growing delay, up to
 * its `maxAttempts`, then kept as `failed` with its last error.
 */
export interface JobHandler {
  run(job: ClaimedJob): Promise<void>
  /** A recurring job: queued again this long after each run (done or failed). */
  everyMs?: number
}

export interface JobQueueOptions {
  /** This instance's name in `locked_by` (default: host, process id and a random part). */
  worker?: string
  /** How long a claim holds a job before another instance may take it; renewed while the job runs. */
  leaseMs?: number
  /** How often an idle worker looks for due jobs (work queued by this instance wakes it at once). */
  pollMs?: number
  /** Jobs run at once by this instance. */
  concurrency?: number
  /** Told about a job that threw (it is retried) or a claim that failed (the next poll tries again). */
  onError?: (error: unknown, job?: ClaimedJob) => void
}

const DEFAULT_LEASE_MS = 30_000
const DEFAULT_POLL_MS = 1_000
/** The delay before the n-th retry: 1 s, 4 s, 9 s… up to 5 minutes. */
const retryDelayMs = (attempts: number) => Math.min(300_000, 1_000 * attempts * attempts)

interface JobRow {
  id: number
  kind: string
  key: string
  payload: unknown
  attempts: number
}

/**
 * Durable jobs in PostgreSQL (the `jobs` table), run by every instance of the API on the database, each
 * job by one at a time. A due job is claimed with `FOR UPDATE SKIP LOCKED` in one statement, so two
 * instances polling at once take different rows, and held under a lease that the working instance renews;
 * an instance killed mid-job leaves the row `running` with a lease that runs out, after which any instance
 * claims it again (a handler must therefore be safe to run twice: renditions are written by rename,
 * renewals are idempotent by key). Completing, failing or handing back is fenced by `locked_by`: an
 * instance whose lease was taken over changes nothing. Queued work survives restarts: it is in the table.
 *
 * `stop()` (graceful shutdown) stops claiming, lets the jobs running finish within a budget and hands
 * back the rest (status `queued`, lease cleared), so another instance takes them at once.
 */
export class JobQueue {
  readonly worker: string
  private readonly leaseMs: number
  private readonly pollMs: number
  private readonly concurrency: number
  private readonly running = new Map<number, Promise<void>>()
  private timer: NodeJS.Timeout | undefined
  private polling: Promise<void> | undefined
  private started = false
  private stopped = false

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: JobQueueOptions = {},
  ) {
    this.worker = options.worker ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS
    this.concurrency = options.concurrency ?? 1
  }

  /**
   * Queues one-off jobs (one statement); work whose key is already queued or running is not queued
   * twice, and a job that had failed for good is queued again with fresh attempts.
   */
  async enqueue(jobs: readonly { kind: string; key: string; payload?: unknown; runAt?: Date }[]): Promise<void> {
    if (jobs.length === 0) return
    const values = sql.join(
      jobs.map((job) => sql`(${job.kind}, ${job.key}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt ?? null}::timestamptz)`),
      sql`, `,
    )
    await this.db.execute(sql`
      insert into jobs (kind, key, payload, run_at)
      select kind, key, payload, coalesce(run_at, now()) from (values ${values}) as v(kind, key, payload, run_at)
      on conflict (key) do update set status = 'queued', attempts = 0, run_at = now(), last_error = null
      where jobs.status = 'failed'`)
    this.wake()
  }

  /** Makes sure the recurring job `kind` exists (one row across instances, whoever starts first). */
  async ensureRecurring(kind: string, firstRunAt?: Date): Promise<void> {
    await this.db.execute(sql`
      insert into jobs (kind, key, run_at, max_attempts) values (${kind}, ${kind}, coalesce(${firstRunAt ?? null}::timestamptz, now()), 2147483647)
      on conflict (key) do nothing`)
  }

  /** Starts claiming and running due jobs, every `pollMs` and whenever this instance queues some. */
  start(): void {
    if (this.started || this.stopped) return
    this.started = true
    this.wake()
  }

  /** Looks for due jobs now (if started and not stopping). */
  wake(): void {
    if (!this.started || this.stopped) return
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.polling) return void (this.pollAgain = true)
    this.polling = this.poll().finally(() => {
      this.polling = undefined
      if (this.stopped) return
      if (this.pollAgain) {
        this.pollAgain = false
        return this.wake()
      }
      this.timer = setTimeout(() => this.wake(), this.pollMs)
      this.timer.unref()
    })
  }
  private pollAgain = false

  /** Claims and runs due jobs once, up to the free slots; resolves when the claim is made (not the work). */
  private async poll(): Promise<void> {
    const free = this.concurrency - this.running.size
    if (free <= 0) return
    let claimed: JobRow[]
    try {
      claimed = await this.claim(free)
    } catch (error) {
      this.options.onError?.(error)
      return
    }
    for (const job of claimed) {
      const done = this.runOne(job).finally(() => {
        this.running.delete(job.id)
        this.wake()
      })
      this.running.set(job.id, done)
    }
  }

  private async claim(limit: number): Promise<JobRow[]> {
    const result = await this.db.execute(sql`
      update jobs set status = 'running', locked_by = ${this.worker},
        locked_until = now() + ${this.leaseMs} * interval '1 millisecond', attempts = attempts + 1
      where id in (
        select id from jobs
        where ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
          and kind in (${sql.join(Object.keys(this.handlers).map((kind) => sql`${kind}`), sql`, `)})
        order by run_at, id
        limit ${limit}
        for update skip locked)
      returning id, kind, key, payload, attempts`)
    return rowsOf<JobRow>(result).map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }))
  }

  private async runOne(row: JobRow): Promise<void> {
    const handler = this.handlers[row.kind]!
    // The lease is renewed while the job runs, so a long one is not taken over.
    const heartbeat = setInterval(() => {
      void this.db
        .execute(sql`update jobs set locked_until = now() + ${this.leaseMs} * interval '1 millisecond' where id = ${row.id} and locked_by = ${this.worker}`)
        .catch(() => undefined)
    }, Math.max(50, Math.floor(this.leaseMs / 3)))
    heartbeat.unref()
    let failure: unknown
    let failed = false
    try {
      await handler.run({ id: row.id, kind: row.kind, key: row.key, payload: row.payload, attempts: row.attempts })
    } catch (error) {
      failed = true
      failure = error
      this.options.onError?.(error, row)
    } finally {
      clearInterval(heartbeat)
    }
    try {
      if (handler.everyMs !== undefined) {
        await this.db.execute(sql`
          update jobs set status = 'queued', locked_by = null, locked_until = null, attempts = 0,
            run_at = now() + ${handler.everyMs} * interval '1 millisecond', last_error = ${failed ? String(failure) : null}
          where id = ${row.id} and locked_by = ${this.worker}`)
      } else if (!failed) {
        await this.db.execute(sql`delete from jobs where id = ${row.id} and locked_by = ${this.worker}`)
      } else {
        await this.db.execute(sql`
          update jobs set locked_by = null, locked_until = null, last_error = ${String(failure)},
            status = case when attempts >= max_attempts then 'failed' else 'queued' end,
            run_at = now() + ${retryDelayMs(row.attempts)} * interval '1 millisecond'
          where id = ${row.id} and locked_by = ${this.worker}`)
      }
    } catch (error) {
      // The row stays running; its lease runs out and the job is claimed again.
      this.options.onError?.(error, row)
    }
  }

  /** Resolves when nothing is running here (jobs claimed meanwhile included). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.polling) await Promise.allSettled([...this.running.values(), this.polling])
  }

  /**
   * Stops claiming, lets the jobs running finish for up to `finishWithinMs`, then hands back those still
   * running (queued again, lease cleared, the attempt not counted) so another instance takes them now.
   * A handler still running after that is left to end on its own; its result is not recorded.
   */
  async stop(options: { finishWithinMs?: number } = {}): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.polling
    if (this.running.size > 0 && options.finishWithinMs) {
      let timer: NodeJS.Timeout | undefined
      await Promise.race([this.idle(), new Promise((resolve) => (timer = setTimeout(resolve, options.finishWithinMs)))])
      clearTimeout(timer)
    }
    const unfinished = [...this.running.keys()]
    if (unfinished.length > 0) {
      await this.db
        .execute(sql`
          update jobs set status = 'queued', locked_by = null, locked_until = null, attempts = greatest(attempts - 1, 0), run_at = now()
          where id in (${sql.join(unfinished.map((id) => sql`${id}`), sql`, `)}) and locked_by = ${this.worker}`)
        .catch((error: unknown) => this.options.onError?.(error))
    }
  }

  /** Jobs in the table by status (for tests and the topology's checks). */
  async counts(): Promise<Record<string, number>> {
    const result = await this.db.execute(sql`select status, count(*)::int as n from jobs group by status`)
    return Object.fromEntries(rowsOf<{ status: string; n: number }>(result).map((row) => [row.status, Number(row.n)]))
  }
}
