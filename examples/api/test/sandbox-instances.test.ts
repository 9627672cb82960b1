import { mkdir, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, eq, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import type { OpenDatabase } from '../src/db/database'
import { openDatabase } from '../src/db/open-database'
import { checkouts, paymentEvents, payments, sandboxOutbox } from '../src/db/schema'
import { WEBHOOK_PATH } from '../src/routes/payment-routes'
import { SandboxProvider } from '../src/payments/sandbox/sandbox-provider'
import { createAccount, type Account } from './support/accounts'
import { card, paymentJourney } from './support/payment-journey'
import { throwawayDatabase } from './support/postgres-cluster'
import { startServerOn, type TestServer } from './support/test-server'

// Every API instance runs the sandbox provider's deliveries on its own timer, on the one database they
// share. "Two instances" here are two servers, each with its own pool on one PostgreSQL database (the
// api-postgres project; on PGlite they share the one connection), so their delivery runs race for real.

let first: OpenDatabase
let second: OpenDatabase
let dropDatabase = async () => {}
const servers: TestServer[] = []
/** Every event id the webhook of either instance was sent, in order, with the instance that got it. */
const received: { eventId: string; instance: 'A' | 'B' }[] = []

beforeAll(async () => {
  const seeded = inject('seededDatabase')
  if (seeded.kind === 'pglite') {
    const { readFile } = await import('node:fs/promises')
    first = await openDatabase({ kind: 'pglite', snapshot: new Blob([await readFile(seeded.snapshotPath)]) })
    second = { ...first, close: async () => {} }
  } else {
    const copy = await throwawayDatabase(seeded.serverUrl, 'sandbox', seeded.templateDatabase)
    dropDatabase = copy.drop
    first = await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 4 })
    second = await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 4 }, { migrate: false })
  }
  for (const [instance, database] of [['A', first], ['B', second]] as const) {
    const folder = await mkdtemp(join(tmpdir(), `api-sandbox-${instance}-`))
    await mkdir(join(folder, 'files'))
    servers.push(
      await startServerOn(database, {
        folder,
        filesDir: join(folder, 'files'),
        authEmulatorHost: inject('authEmulatorHost'),
        beforeReady: (app) =>
          app.addHook('preHandler', async (request) => {
            if (request.url === WEBHOOK_PATH && request.jsonText) received.push({ eventId: (JSON.parse(request.jsonText) as { id: string }).id, instance })
          }),
      }),
    )
  }
})
afterAll(async () => {
  // B first: on PGlite it shares A's connection, which A closes.
  for (const server of [...servers].reverse()) await server.close()
  await dropDatabase()
})

const undelivered = async () => (await first.db.select({ n: count() }).from(sandboxOutbox).where(isNull(sandboxOutbox.deliveredAt)))[0]!.n

it('two instances delivering at the same moment send each due event once, and each paid checkout is one payment', async () => {
  const [a, b] = servers as [TestServer, TestServer]
  const readers: Account[] = await Promise.all(Array.from({ length: 20 }, () => createAccount('reader')))
  const orders: string[] = []
  // 20 readers' checkouts paid on either instance's hosted page: 20 events due at once in the shared
  // outbox (one reader each: a second payment of one reader's plan would be refunded, a further event).
  for (let i = 0; i < readers.length; i++) {
    const journey = paymentJourney(i % 2 ? b : a)
    const { orderId, sandboxId } = await journey.opened(readers[i]!, '1week')
    expect((await journey.payOnPage(sandboxId, card('succeeds'))).statusCode).toBe(303)
    orders.push(orderId)
  }
  const due = await first.db.select({ eventId: sandboxOutbox.eventId }).from(sandboxOutbox).where(isNull(sandboxOutbox.deliveredAt))
  expect(due.length).toBe(readers.length)
  received.length = 0
  // Both instances' delivery runs at once, as their timers fire (and again: nothing is left to send).
  await Promise.all([a.sandbox.runDue(), b.sandbox.runDue()])
  await Promise.all([a.sandbox.runDue(), b.sandbox.runDue()])

  expect(await undelivered()).toBe(0)
  const perEvent = new Map<string, number>()
  for (const { eventId } of received) perEvent.set(eventId, (perEvent.get(eventId) ?? 0) + 1)
  expect([...perEvent.keys()].sort()).toEqual(due.map((row) => row.eventId).sort())
  expect([...perEvent.entries()].filter(([, n]) => n !== 1)).toEqual([])
  // What the events did, once each: one payment per order, one recorded event per event id.
  const paid = await first.db.select({ reference: checkouts.id, n: count(payments.id) }).from(checkouts).leftJoin(payments, eq(payments.checkoutId, checkouts.id)).where(inArray(checkouts.id, orders)).groupBy(checkouts.id)
  expect(paid.filter((row) => row.n !== 1)).toEqual([])
  const applied = await first.db.select({ n: count() }).from(paymentEvents).where(inArray(paymentEvents.eventId, due.map((row) => row.eventId)))
  expect(applied[0]!.n).toBe(due.length)
})

it("an instance that dies mid-delivery leaves its claimed events to the other once the claim's lease runs out", async () => {
  const [a, b] = servers as [TestServer, TestServer]
  const reader = await createAccount('reader')
  const journey = paymentJourney(a)
  const { sandboxId } = await journey.opened(reader, '1week')
  expect((await journey.payOnPage(sandboxId, card('succeeds'))).statusCode).toBe(303)
  const [event] = await first.db.select().from(sandboxOutbox).where(isNull(sandboxOutbox.deliveredAt))
  expect(event).toBeDefined()

  // A's sandbox sends and never hears back (the process is gone): its claim holds the event.
  let answer: (status: number) => void = () => {}
  const dying = new SandboxProvider({
    db: first.db,
    clock: a.clock,
    secret: a.context.config.paymentWebhookSecret,
    publicUrl: a.context.config.publicUrl,
    claimLeaseMs: 30_000,
    deliver: () => new Promise<number>((resolve) => (answer = resolve)),
  })
  const stalled = dying.deliverDue()
  await expect.poll(async () => (await first.db.select().from(sandboxOutbox).where(eq(sandboxOutbox.eventId, event!.eventId)))[0]!.nextAttemptAt > a.clock.now()).toBe(true)
  received.length = 0
  await b.sandbox.runDue()
  expect(received).toEqual([])

  // Past the lease, B takes it over and delivers it; A's late answer then writes nothing over B's.
  b.clock.advance(31_000)
  await b.sandbox.runDue()
  expect(received).toEqual([{ eventId: event!.eventId, instance: 'B' }])
  answer(503)
  await stalled
  const [row] = await first.db.select().from(sandboxOutbox).where(eq(sandboxOutbox.eventId, event!.eventId))
  expect(row!.deliveredAt).not.toBeNull()
  expect(row!.failedAt).toBeNull()
  expect(row!.attempts).toBe(1)
})
