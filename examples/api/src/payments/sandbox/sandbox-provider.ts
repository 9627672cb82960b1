import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, lte } from 'drizzle-orm'
import * as z from 'zod'
import type { Clock } from '../../clock'
import type { Database } from '../../db/database'
import { sandboxCheckouts, sandboxOutbox, sandboxPaymentMethods, sandboxPayments } from '../../db/schema'
import {
  InvalidProviderEvent,
  UnknownProviderObject,
  type CheckoutOrder,
  type CheckoutStatus,
  type OpenedCheckout,
  type PaymentProvider,
  type ProviderEvent,
  type RenewalCharge,
  type RenewalOutcome,
} from '../provider/payment-provider'
import { SIGNATURE_HEADER, signatureHeader, verifySignature } from './event-signature'
import { cardBehaviour } from './test-cards'

/** Sends one event to the API's webhook; answers the HTTP status (0 when nothing answered). */
export type DeliverEvent = (body: string, headers: Record<string, string>) => Promise<number>

export interface SandboxOptions {
  db: Database
  clock: Clock
  /** The shared secret events are signed with. */
  secret: string
  /** Where the hosted pages live (the API's public URL: the sandbox runs inside it). */
  publicUrl: string
  deliver: DeliverEvent
  /** How long the delayed test card takes to settle. */
  delayMs?: number
  /** Delivery attempts per event before it is given up; the wait doubles from `retryBaseMs` up to `retryCapMs`. */
  maxAttempts?: number
  retryBaseMs?: number
  retryCapMs?: number
  /**
   * How long a delivery run holds the events it claimed before another instance may take them (it is
   * longer than a delivery's own timeout, so only an instance that died mid-run lets it run out).
   */
  claimLeaseMs?: number
}

/** What paying on the hosted page did. */
export type CardPayment =
  | { outcome: 'paid' | 'processing'; successUrl: string }
  | { outcome: 'declined' | 'not-a-test-card' | 'invalid-card' | 'not-open' }

/** Events sent at once by one delivery run. */
const DELIVERY_CONCURRENCY = 8

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`

/** The sandbox's event on the wire (its own format; a real provider has its own, mapped the same way). */
const WireEventSchema = z.object({
  id: z.string().min(1).max(128),
  // Any type: one the API does not use is read as `ignored`, as a real provider's are.
  type: z.string().min(1).max(128),
  created: z.number().int(),
  data: z.object({
    checkoutId: z.string().max(128).optional(),
    reference: z.string().max(128).optional(),
    paymentId: z.string().max(128).optional(),
    paymentMethodId: z.string().max(128).optional(),
    amountCents: z.number().int().nonnegative().optional(),
    currency: z.string().max(8).optional(),
    reason: z.string().max(200).optional(),
    refundedCents: z.number().int().nonnegative().optional(),
    fully: z.boolean().optional(),
    won: z.boolean().optional(),
    idempotencyKey: z.string().max(200).optional(),
  }),
})
type WireEvent = z.infer<typeof WireEventSchema>

/**
 * The sandbox payment provider: hosted checkouts with test cards, payments, saved cards, refunds and
 * renewal charges kept in its own tables, and signed events sent to the API's webhook from an outbox,
 * retried with backoff until the API answers 2xx. It runs inside the API process for one machine, but the
 * API reaches it only through {@link PaymentProvider}, as it would a real provider.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox'
  private readonly delayMs: number
  private readonly maxAttempts: number
  private readonly retryBaseMs: number
  private readonly retryCapMs: number
  private readonly claimLeaseMs: number
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined

  constructor(private readonly options: SandboxOptions) {
    this.delayMs = options.delayMs ?? 4_000
    this.maxAttempts = options.maxAttempts ?? 8
    this.retryBaseMs = options.retryBaseMs ?? 1_000
    this.retryCapMs = options.retryCapMs ?? 30_000
    this.claimLeaseMs = options.claimLeaseMs ?? 30_000
  }

  private get db() {
    return this.options.db
  }

  private now() {
    return this.options.clock.now()
  }

  async createCustomer(): Promise<string> {
    // The sandbox keeps no customer record: its id only groups saved cards and payments.
    return newId('cus')
  }

  async deleteCustomer(customerId: string): Promise<void> {
    await this.db.delete(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.customerId, customerId))
  }

  async openCheckout(order: CheckoutOrder): Promise<OpenedCheckout> {
    const id = newId('cs')
    await this.db.insert(sandboxCheckouts).values({
      id,
      reference: order.reference,
      customerId: order.customerId,
      amountCents: order.amountCents,
      currency: order.currency,
      description: order.description,
      successUrl: order.successUrl,
      cancelUrl: order.cancelUrl,
      createdAt: this.now(),
    })
    return { checkoutId: id, url: `${this.options.publicUrl}/api/v1/checkout/${id}` }
  }

  async checkoutStatus(checkoutId: string): Promise<CheckoutStatus> {
    const [checkout] = await this.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId))
    if (!checkout) throw new UnknownProviderObject(`Unknown sandbox checkout ${checkoutId}`)
    const base = { reference: checkout.reference, amountCents: checkout.amountCents, currency: checkout.currency }
    if (checkout.status === 'paid') {
      const [payment] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, checkout.paymentId!))
      return {
        ...base,
        status: payment?.status === 'refunded' ? 'refunded' : 'paid',
        paymentId: checkout.paymentId!,
        paymentMethodId: checkout.paymentMethodId!,
      }
    }
    if (checkout.status === 'open' && checkout.lastDeclinedAt) return { ...base, status: 'declined' }
    return { ...base, status: checkout.status }
  }

  async expireCheckout(checkoutId: string): Promise<void> {
    await this.db
      .update(sandboxCheckouts)
      .set({ status: 'expired' })
      .where(and(eq(sandboxCheckouts.id, checkoutId), eq(sandboxCheckouts.status, 'open')))
  }

  async verifyEvent(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): Promise<ProviderEvent> {
    const header = headers[SIGNATURE_HEADER]
    verifySignature(this.options.secret, Array.isArray(header) ? header[0] : header, rawBody, now)
    let wire: WireEvent
    try {
      wire = WireEventSchema.parse(JSON.parse(rawBody))
    } catch {
      throw new InvalidProviderEvent('malformed_event', 'The event body is not a sandbox event')
    }
    const event = eventFromWire(wire)
    if (!event) throw new InvalidProviderEvent('malformed_event', `A ${wire.type} event without its fields`)
    return event
  }

  async refund(paymentId: string, amountCents?: number): Promise<{ status: 'refunded' }> {
    const [payment] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId))
    if (!payment || payment.status === 'failed') throw new Error(`No sandbox payment ${paymentId} to refund`)
    // A refund is asked by amount: asking again for the same amount (a retry) changes nothing.
    const asked = Math.min(amountCents ?? payment.amountCents, payment.amountCents)
    await this.db.transaction(async (tx) => {
      const fully = asked >= payment.amountCents
      const rows = await tx
        .update(sandboxPayments)
        .set({ status: fully ? 'refunded' : 'paid', refundedCents: asked })
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, 'paid'), lt(sandboxPayments.refundedCents, asked)))
        .returning()
      if (rows.length > 0) await this.enqueue(tx as unknown as Database, 'payment.refunded', { paymentId, refundedCents: asked, fully })
    })
    return { status: 'refunded' }
  }

  /** The payer's bank disputes a payment (`opened`), then the dispute closes, won or lost: what a bank does. */
  async dispute(paymentId: string, stage: 'opened' | 'won' | 'lost'): Promise<void> {
    await this.db.transaction(async (tx) =>
      stage === 'opened'
        ? this.enqueue(tx as unknown as Database, 'dispute.opened', { paymentId })
        : this.enqueue(tx as unknown as Database, 'dispute.closed', { paymentId, won: stage === 'won' }),
    )
  }

  async chargeRenewal(charge: RenewalCharge): Promise<RenewalOutcome> {
    const [earlier] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, charge.idempotencyKey))
    if (earlier) return outcomeOf(earlier)
    const [method] = await this.db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, charge.paymentMethodId))
    const fails = !method || method.customerId !== charge.customerId || method.renewals === 'fail'
    const id = newId('py')
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sandboxPayments)
        .values({
          id,
          customerId: charge.customerId,
          paymentMethodId: charge.paymentMethodId,
          amountCents: charge.amountCents,
          currency: charge.currency,
          idempotencyKey: charge.idempotencyKey,
          status: fails ? 'failed' : 'paid',
          createdAt: this.now(),
        })
        .onConflictDoNothing()
        .returning()
      if (!row) {
        const [first] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, charge.idempotencyKey))
        return outcomeOf(first!)
      }
      await this.enqueue(
        tx as unknown as Database,
        fails ? 'renewal.failed' : 'renewal.paid',
        fails
          ? { paymentMethodId: charge.paymentMethodId, reason: 'card_declined', idempotencyKey: charge.idempotencyKey }
          : { paymentId: id, paymentMethodId: charge.paymentMethodId, idempotencyKey: charge.idempotencyKey },
      )
      return outcomeOf(row)
    })
  }

  // The hosted page's own actions: what a reader does on the provider's page.

  /** The checkout the hosted page shows, or undefined. */
  async hostedCheckout(checkoutId: string) {
    const [checkout] = await this.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId))
    return checkout
  }

  /** Pays a checkout with a typed test card. A declined card leaves it open to try again. */
  async payWithCard(checkoutId: string, card: { number: string; expiry: string; cvc: string }): Promise<CardPayment> {
    const checkout = await this.hostedCheckout(checkoutId)
    if (!checkout || checkout.status !== 'open') return { outcome: 'not-open' }
    if (!/^\d{2}\s*\/\s*\d{2}$/.test(card.expiry.trim()) || !/^\d{3,4}$/.test(card.cvc.trim())) return { outcome: 'invalid-card' }
    const behaviour = cardBehaviour(card.number)
    if (!behaviour) return { outcome: 'not-a-test-card' }
    const now = this.now()
    if (behaviour === 'declined') {
      await this.db.transaction(async (tx) => {
        await tx.update(sandboxCheckouts).set({ lastDeclinedAt: now }).where(eq(sandboxCheckouts.id, checkoutId))
        await this.enqueue(tx as unknown as Database, 'checkout.declined', {
          checkoutId,
          reference: checkout.reference,
          reason: 'card_declined',
        })
      })
      return { outcome: 'declined' }
    }
    const methodId = newId('pm')
    await this.db.insert(sandboxPaymentMethods).values({
      id: methodId,
      customerId: checkout.customerId,
      last4: card.number.replace(/\D/g, '').slice(-4),
      renewals: behaviour === 'succeeds-then-renewals-fail' ? 'fail' : 'succeed',
    })
    if (behaviour === 'succeeds-after-delay') {
      const started = await this.db
        .update(sandboxCheckouts)
        .set({ status: 'processing', paymentMethodId: methodId, settlesAt: new Date(now.getTime() + this.delayMs) })
        .where(and(eq(sandboxCheckouts.id, checkoutId), eq(sandboxCheckouts.status, 'open')))
        .returning()
      return started.length > 0 ? { outcome: 'processing', successUrl: checkout.successUrl } : { outcome: 'not-open' }
    }
    const paid = await this.settle(checkoutId, methodId, 'open')
    return paid ? { outcome: 'paid', successUrl: checkout.successUrl } : { outcome: 'not-open' }
  }

  /** Leaves the hosted page: the checkout can no longer be paid. Answers where to send the browser. */
  async cancelCheckout(checkoutId: string): Promise<string | undefined> {
    const checkout = await this.hostedCheckout(checkoutId)
    if (!checkout) return undefined
    await this.expireCheckout(checkoutId)
    return checkout.cancelUrl
  }

  /** Takes the payment of a checkout in `from` state, once: its payment, and the event it owes. */
  private async settle(checkoutId: string, paymentMethodId: string, from: 'open' | 'processing'): Promise<boolean> {
    const paymentId = newId('py')
    return this.db.transaction(async (tx) => {
      const [checkout] = await tx
        .update(sandboxCheckouts)
        .set({ status: 'paid', paymentId, paymentMethodId, settlesAt: null })
        .where(and(eq(sandboxCheckouts.id, checkoutId), eq(sandboxCheckouts.status, from)))
        .returning()
      if (!checkout) return false
      await tx.insert(sandboxPayments).values({
        id: paymentId,
        checkoutId,
        customerId: checkout.customerId,
        paymentMethodId,
        amountCents: checkout.amountCents,
        currency: checkout.currency,
        status: 'paid',
        createdAt: this.now(),
      })
      await this.enqueue(tx as unknown as Database, 'checkout.paid', {
        checkoutId,
        reference: checkout.reference,
        paymentId,
        paymentMethodId,
        amountCents: checkout.amountCents,
        currency: checkout.currency,
      })
      return true
    })
  }

  private async enqueue(db: Database, type: ProviderEvent['type'], data: WireEvent['data']): Promise<string> {
    const now = this.now()
    const event: WireEvent = { id: newId('evt'), type, created: Math.floor(now.getTime() / 1000), data }
    await db.insert(sandboxOutbox).values({ eventId: event.id, body: JSON.stringify(event), nextAttemptAt: now })
    return event.id
  }

  /** Settles the delayed payments that are due, then sends the events that are due. */
  async runDue(): Promise<void> {
    // One run at a time: a slow webhook must not have the timer start a second delivery of the same event.
    this.running ??= (async () => {
      try {
        await this.settleDue()
        await this.deliverDue()
      } finally {
        this.running = undefined
      }
    })()
    return this.running
  }

  async settleDue(): Promise<void> {
    const due = await this.db
      .select()
      .from(sandboxCheckouts)
      .where(and(eq(sandboxCheckouts.status, 'processing'), lte(sandboxCheckouts.settlesAt, this.now())))
    for (const checkout of due) await this.settle(checkout.id, checkout.paymentMethodId!, 'processing')
  }

  /**
   * Sends every undelivered event whose time has come; a non-2xx answer schedules a retry with backoff.
   *
   * Every API instance on the database runs this on its timer, so the due events are claimed first, in
   * one transaction (`FOR UPDATE SKIP LOCKED`, as the job queue claims jobs): the claim moves their next
   * attempt past a lease, so an instance running at the same moment skips them and takes others, and an
   * instance that dies mid-run leaves them to be taken again when the lease runs out (the webhook applies
   * an event once by its id, so a delivery repeated then changes nothing). Each event is sent once
   * across the instances otherwise.
   */
  async deliverDue(): Promise<void> {
    const now = this.now()
    const leaseUntil = new Date(now.getTime() + this.claimLeaseMs)
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(sandboxOutbox)
        .where(and(isNull(sandboxOutbox.deliveredAt), isNull(sandboxOutbox.failedAt), lte(sandboxOutbox.nextAttemptAt, now)))
        .orderBy(asc(sandboxOutbox.nextAttemptAt))
        .limit(100)
        .for('update', { skipLocked: true })
      if (due.length > 0) {
        await tx
          .update(sandboxOutbox)
          .set({ nextAttemptAt: leaseUntil })
          .where(inArray(sandboxOutbox.eventId, due.map((row) => row.eventId)))
      }
      return due
    })
    // A few at a time, as a provider's workers do: one slow answer does not hold every other event back.
    for (let from = 0; from < claimed.length; from += DELIVERY_CONCURRENCY) {
      await Promise.all(claimed.slice(from, from + DELIVERY_CONCURRENCY).map((row) => this.deliver(row, leaseUntil)))
    }
  }

  /** Sends one claimed event; what follows (delivered, retry, given up) is written only under this run's claim. */
  private async deliver(row: { eventId: string; body: string; attempts: number }, claimedUntil: Date): Promise<void> {
    const sentAt = this.now()
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signatureHeader(this.options.secret, Math.floor(sentAt.getTime() / 1000), row.body),
    }
    const status = await this.options.deliver(row.body, headers).catch(() => 0)
    const attempts = row.attempts + 1
    if (status >= 200 && status < 300) {
      await this.db
        .update(sandboxOutbox)
        .set({ attempts, deliveredAt: this.now() })
        .where(and(eq(sandboxOutbox.eventId, row.eventId), isNull(sandboxOutbox.deliveredAt)))
      return
    }
    // A claim another instance took over after its lease ran out is theirs now: nothing is written.
    const ours = and(eq(sandboxOutbox.eventId, row.eventId), eq(sandboxOutbox.nextAttemptAt, claimedUntil), isNull(sandboxOutbox.deliveredAt))
    if (attempts >= this.maxAttempts) {
      await this.db.update(sandboxOutbox).set({ attempts, failedAt: this.now() }).where(ours)
    } else {
      const wait = Math.min(this.retryBaseMs * 2 ** (attempts - 1), this.retryCapMs)
      await this.db
        .update(sandboxOutbox)
        .set({ attempts, nextAttemptAt: new Date(this.now().getTime() + wait) })
        .where(ours)
    }
  }

  /** Runs {@link runDue} every `intervalMs` until {@link stop}. */
  start(intervalMs = 250): void {
    this.timer ??= setInterval(() => void this.runDue().catch(() => undefined), intervalMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.running?.catch(() => undefined)
  }
}

function outcomeOf(row: typeof sandboxPayments.$inferSelect): RenewalOutcome {
  return row.status === 'failed' ? { status: 'failed', reason: 'card_declined' } : { status: 'paid', paymentId: row.id }
}

function eventFromWire(wire: WireEvent): ProviderEvent | undefined {
  const d = wire.data
  const key = d.idempotencyKey === undefined ? {} : { idempotencyKey: d.idempotencyKey }
  switch (wire.type) {
    case 'checkout.paid':
      return d.checkoutId && d.reference && d.paymentId && d.paymentMethodId && d.amountCents !== undefined && d.currency
        ? {
            id: wire.id,
            type: wire.type,
            checkoutId: d.checkoutId,
            reference: d.reference,
            paymentId: d.paymentId,
            paymentMethodId: d.paymentMethodId,
            amountCents: d.amountCents,
            currency: d.currency,
          }
        : undefined
    case 'checkout.declined':
      return d.checkoutId && d.reference
        ? { id: wire.id, type: wire.type, checkoutId: d.checkoutId, reference: d.reference, reason: d.reason ?? 'declined' }
        : undefined
    case 'payment.refunded':
      return d.paymentId && d.refundedCents !== undefined
        ? { id: wire.id, type: wire.type, paymentId: d.paymentId, refundedCents: d.refundedCents, fully: d.fully ?? true }
        : undefined
    case 'renewal.paid':
      return d.paymentId && d.paymentMethodId ? { id: wire.id, type: wire.type, paymentId: d.paymentId, paymentMethodId: d.paymentMethodId, ...key } : undefined
    case 'renewal.failed':
      return d.paymentMethodId ? { id: wire.id, type: wire.type, paymentMethodId: d.paymentMethodId, reason: d.reason ?? 'declined', ...key } : undefined
    case 'dispute.opened':
      return d.paymentId ? { id: wire.id, type: wire.type, paymentId: d.paymentId } : undefined
    case 'dispute.closed':
      return d.paymentId && d.won !== undefined ? { id: wire.id, type: wire.type, paymentId: d.paymentId, won: d.won } : undefined
    default:
      return { id: wire.id, type: 'ignored', providerType: wire.type }
  }
}
