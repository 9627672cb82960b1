import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, inject, it } from 'vitest'
import type { OpenDatabase } from '../src/db/database'
import { openDatabase } from '../src/db/open-database'
import { rowsOf } from '../src/db/rows-of'
import { FileStore } from '../src/files/file-store'
import { Renditions } from '../src/files/renditions'
import { createApiJobs } from '../src/jobs/api-jobs'
import { JobQueue, type ClaimedJob } from '../src/jobs/job-queue'
import { testImage } from './support/images'
import { ManualClock } from './support/manual-clock'
import { TEST_NOW } from './support/test-server'
import { createSandbox } from '../src/payments/sandbox/create-sandbox'
import { loadConfig } from '../src/config'
import { throwawayDatabase } from './support/postgres-cluster'

// Renditions and renewals are durable jobs in the database (the `jobs` table), shared by the instances on
// it. "Two instances" are two queues; on PostgreSQL (the api-postgres project) each has its own pool, so
// their claims race for real, as two processes' would.

let first: OpenDatabase
let second: OpenDatabase
let dropDatabase = async () => {}
const queues: JobQueue[] = []

beforeAll(async () => {
  const seeded = inject('seededDatabase')
  if (seeded.kind === 'pglite') {
    first = await openDatabase({ kind: 'pglite' })
    second = { ...first, close: async () => {} }
    return
  }
  const database = await throwawayDatabase(seeded.serverUrl, 'jobs')
  dropDatabase = database.drop
  const url = database.url
  first = await openDatabase({ kind: 'postgres', url, poolSize: 4 })
  second = await openDatabase({ kind: 'postgres', url, poolSize: 4 }, { migrate: false })
})
afterAll(async () => {
  for (const queue of queues) await queue.stop()
  await second?.close()
  await first?.close()
  await dropDatabase()
})

beforeEach(async () => {
  await first.db.execute(sql`delete from jobs`)
})

const queueOn = (database: OpenDatabase, handlers: ConstructorParameters<typeof JobQueue>[1], options: ConstructorParameters<typeof JobQueue>[2] = {}) => {
  const queue = new JobQueue(database.db, handlers, { pollMs: 20, ...options })
  queues.push(queue)
  return queue
}

const jobRows = async () =>
  rowsOf<{ key: string; status: string; attempts: number; locked_by: string | null }>(
    await first.db.execute(sql`select key, status, attempts, locked_by from jobs order by id`),
  )

const emptied = () => expect.poll(async () => (await jobRows()).length, { timeout: 20_000, interval: 50 }).toBe(0)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('two instances polling one table do each job exactly once, the same work queued twice being one job', async () => {
  const runs = new Map<string, string[]>()
  const handler = (worker: string) => ({
    async run(job: ClaimedJob) {
      runs.set(job.key, [...(runs.get(job.key) ?? []), worker])
      await sleep(Math.random() * 10)
    },
  })
  const a = queueOn(first, { count: handler('a') }, { concurrency: 3 })
  const b = queueOn(second, { count: handler('b') }, { concurrency: 3 })
  const keys = Array.from({ length: 80 }, (_, i) => `count:${i}`)
  await a.enqueue(keys.map((key) => ({ kind: 'count', key })))
  // Queued again by the other instance before any ran: still one job each.
  await b.enqueue(keys.map((key) => ({ kind: 'count', key })))
  expect(await jobRows()).toHaveLength(80)
  a.start()
  b.start()
  await emptied()
  await Promise.all([a.stop(), b.stop()])
  expect([...runs.keys()].sort()).toEqual([...keys].sort())
  for (const key of keys) expect(runs.get(key), key).toHaveLength(1)
  const byWorker = [...runs.values()].flat()
  expect(byWorker.filter((worker) => worker === 'a').length).toBeGreaterThan(0)
  expect(byWorker.filter((worker) => worker === 'b').length).toBeGreaterThan(0)
})

it('a job claimed by an instance that was killed is claimed again once its lease ran out, not before', async () => {
  // What a killed instance leaves: the row running, locked by it, its lease not renewed any more.
  await first.db.execute(sql`
    insert into jobs (kind, key, status, attempts, locked_by, locked_until)
    values ('count', 'count:orphan', 'running', 1, 'killed-instance', now() + interval '600 milliseconds')`)
  const done: { key: string; attempts: number; at: number }[] = []
  const started = Date.now()
  const b = queueOn(second, { count: { run: async (job) => void done.push({ key: job.key, attempts: job.attempts, at: Date.now() }) } })
  b.start()
  await sleep(300)
  expect(done).toEqual([])
  expect((await jobRows())[0]).toMatchObject({ status: 'running', locked_by: 'killed-instance' })
  await emptied()
  await b.stop()
  expect(done).toHaveLength(1)
  expect(done[0]).toMatchObject({ key: 'count:orphan', attempts: 2 })
  expect(done[0]!.at - started).toBeGreaterThanOrEqual(500)
})

it('a running job keeps its lease while it works, so no other instance takes it meanwhile', async () => {
  const runs: string[] = []
  const slow = (worker: string) => ({
    async run() {
      runs.push(worker)
      await sleep(900)
    },
  })
  const a = queueOn(first, { slow: slow('a') }, { leaseMs: 300 })
  const b = queueOn(second, { slow: slow('b') }, { leaseMs: 300 })
  a.start()
  await a.enqueue([{ kind: 'slow', key: 'slow:1' }])
  await expect.poll(() => runs.length).toBe(1)
  b.start()
  await emptied()
  await Promise.all([a.stop(), b.stop()])
  expect(runs).toEqual(['a'])
})

it('work queued before a restart is done after it; a stop hands back the job it could not finish, at once', async () => {
  const done: string[] = []
  // An instance queues work and stops before doing it (never started: as if it restarted at once).
  const before = queueOn(first, { count: { run: async (job) => void done.push(job.key) } })
  await before.enqueue([{ kind: 'count', key: 'count:queued-before' }])
  await before.stop()
  // An instance stopping while a long job runs: it waits 100 ms, then hands the job back.
  let release!: () => void
  const hanging = new Promise<void>((resolve) => (release = resolve))
  const stopping = queueOn(first, { long: { run: async (job) => (done.push(`${job.key}@stopping`), hanging) } })
  stopping.start()
  await stopping.enqueue([{ kind: 'long', key: 'count:long' }])
  await expect.poll(() => done).toContain('count:long@stopping')
  await stopping.stop({ finishWithinMs: 100 })
  expect((await jobRows()).find((row) => row.key === 'count:long')).toMatchObject({ status: 'queued', locked_by: null, attempts: 0 })
  // The instance after the restart does both, the handed-back one without waiting for a lease.
  const record = { run: async (job: ClaimedJob) => void done.push(job.key) }
  const after = queueOn(second, { count: record, long: record }, { leaseMs: 60_000 })
  after.start()
  await emptied()
  await after.stop()
  release()
  expect(done.sort()).toEqual(['count:long', 'count:long@stopping', 'count:queued-before'])
})

it('a job that throws is retried later, then kept as failed with its error; queuing it again revives it', async () => {
  let tries = 0
  const a = queueOn(first, {
    flaky: {
      run: async () => {
        tries++
        throw new Error('provider down')
      },
    },
  })
  await first.db.execute(sql`insert into jobs (kind, key, max_attempts) values ('flaky', 'flaky:1', 2)`)
  a.start()
  await expect.poll(async () => (await jobRows())[0]?.status, { timeout: 5_000 }).toBe('failed')
  await a.stop()
  expect(tries).toBe(2)
  const [row] = rowsOf<{ last_error: string }>(await first.db.execute(sql`select last_error from jobs where key = 'flaky:1'`))
  expect(row!.last_error).toContain('provider down')
  await a.enqueue([{ kind: 'flaky', key: 'flaky:1' }])
  expect((await jobRows())[0]).toMatchObject({ status: 'queued', attempts: 0 })
  await first.db.execute(sql`delete from jobs`)
})

it('the recurring renewal run exists once and runs on one instance at a time, once per interval', async () => {
  const runs: { worker: string; start: number; end: number }[] = []
  const renewal = (worker: string) => ({
    everyMs: 250,
    async run() {
      const start = Date.now()
      await sleep(40)
      runs.push({ worker, start, end: Date.now() })
    },
  })
  const a = queueOn(first, { renewals: renewal('a') })
  const b = queueOn(second, { renewals: renewal('b') })
  await Promise.all([a.ensureRecurring('renewals'), b.ensureRecurring('renewals'), a.ensureRecurring('renewals')])
  expect((await jobRows()).map((row) => row.key)).toEqual(['renewals'])
  a.start()
  b.start()
  await sleep(1_400)
  await Promise.all([a.stop({ finishWithinMs: 1_000 }), b.stop({ finishWithinMs: 1_000 })])
  // 1.4 s at one run per 250 ms after the previous ended: 4 to 5 runs, never two at once.
  expect(runs.length).toBeGreaterThanOrEqual(3)
  expect(runs.length).toBeLessThanOrEqual(5)
  for (let i = 1; i < runs.length; i++) expect(runs[i]!.start - runs[i - 1]!.end).toBeGreaterThanOrEqual(240)
  expect(await jobRows()).toMatchObject([{ key: 'renewals', status: 'queued', locked_by: null }])
  await first.db.execute(sql`delete from jobs`)
})

it("the API's jobs: the renditions an upload queues are made by the instance that claims them, once, and the renewal run is one row", async () => {
  const folder = await mkdtemp(join(tmpdir(), 'api-jobs-'))
  try {
    const fileStore = FileStore.onDisk(join(folder, 'files'), '/api/v1/files')
    const name = await fileStore.write({ bytes: await testImage(800, 1200), width: 800, height: 1200, extension: 'webp', contentType: 'image/webp' })
    const clock = new ManualClock(TEST_NOW)
    const config = { ...loadConfig({}), dataDir: folder, filesDir: join(folder, 'files') }
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined }
    const instance = async (database: OpenDatabase) => {
      const renditions = new Renditions(fileStore)
      const made: number[] = []
      const keyOf = renditions.keyOf.bind(renditions)
      renditions.keyOf = async (image, width) => (made.push(width), keyOf(image, width))
      const jobs = await createApiJobs({ db: database.db, clock, provider: createSandbox(config, database.db, clock), renditions, log }, { pollMs: 20 })
      queues.push(jobs)
      return { renditions, jobs, made }
    }
    const a = await instance(first)
    const b = await instance(second)
    a.renditions.prepare([{ name, width: 800 }], (error) => {
      throw error
    })
    await expect.poll(async () => (await jobRows()).filter((row) => row.key.startsWith('rendition:')).length).toBe(3)
    // Nothing was made in the queuing instance's memory: the jobs are in the table until an instance runs them.
    expect(a.made).toEqual([])
    a.jobs.start()
    b.jobs.start()
    await expect.poll(async () => (await jobRows()).filter((row) => row.key.startsWith('rendition:')).length, { timeout: 20_000 }).toBe(0)
    await Promise.all([a.jobs.stop(), b.jobs.stop()])
    expect([...a.made, ...b.made].sort((x, y) => x - y)).toEqual([480, 640, 750, 828, 1080].filter((width) => width < 800))
    for (const width of [480, 640, 750]) expect((await stat(join(folder, 'files', 'renditions', `${name.slice(0, -5)}-w${width}.webp`))).isFile()).toBe(true)
    expect((await jobRows()).map((row) => row.key)).toEqual(['renewals'])
  } finally {
    await first.db.execute(sql`delete from jobs`)
    await rm(folder, { recursive: true, force: true })
  }
})

it("the API's jobs: a tall page's tiles are queued per width (its own and each rendition's) and cut by the instance that claims them", async () => {
  const folder = await mkdtemp(join(tmpdir(), 'api-jobs-tiles-'))
  try {
    const fileStore = FileStore.onDisk(join(folder, 'files'), '/api/v1/files')
    const name = await fileStore.write({ bytes: await testImage(640, 9000), width: 640, height: 9000, extension: 'webp', contentType: 'image/webp' })
    const clock = new ManualClock(TEST_NOW)
    const config = { ...loadConfig({}), dataDir: folder, filesDir: join(folder, 'files') }
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined }
    const renditions = new Renditions(fileStore)
    const jobs = await createApiJobs({ db: first.db, clock, provider: createSandbox(config, first.db, clock), renditions, log }, { pollMs: 20 })
    queues.push(jobs)
    renditions.prepare([{ name, width: 640, height: 9000 }], (error) => {
      throw error
    })
    await expect.poll(async () => (await jobRows()).filter((row) => row.key !== 'renewals').map((row) => row.key).sort()).toEqual(
      [`tiles:${name}:480`, `tiles:${name}:640`],
    )
    jobs.start()
    await expect.poll(async () => (await jobRows()).filter((row) => row.key !== 'renewals').length, { timeout: 20_000 }).toBe(0)
    await jobs.stop()
    // 9000 px: three tiles of at most 4096 px, at the page's width and its one narrower rendition.
    const stem = name.slice(0, -5)
    const made = (await readdir(join(folder, 'files', 'renditions'))).sort()
    expect(made).toEqual([0, 1, 2].flatMap((i) => [`${stem}-t${i}-w480.webp`, `${stem}-t${i}.webp`]).sort())
  } finally {
    await first.db.execute(sql`delete from jobs`)
    await rm(folder, { recursive: true, force: true })
  }
})
