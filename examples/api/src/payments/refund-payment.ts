import { and, eq, inArray } from 'drizzle-orm'
import { recordAudit } from '../audit/audit-log'
import type { Caller } from '../auth/caller'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { payments, subscriptions } from '../db/schema'
import { HttpError, notFound } from '../http/http-error'
import { rowId } from '../db/row-id'
import type { PaymentProvider } from './provider/payment-provider'
import type { PaymentProviders } from './provider/payment-providers'

/**
 * Marks a payment refunded and ends the subscription it paid for (access stops now). Answers false when
 * it was refunded already.
 */
export async function markRefunded(tx: Database, clock: Clock, paymentId: number): Promise<boolean> {
  const [payment] = await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: clock.now() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['paid', 'refunding'])))
    .returning()
  if (!payment) return false
  if (payment.subscriptionId !== null) {
    await tx
      .update(subscriptions)
      .set({ status: 'refunded', autoRenew: false, renewsOnce: false })
      .where(and(eq(subscriptions.id, payment.subscriptionId), eq(subscriptions.status, 'active')))
  }
  return true
}

/**
 * An admin refunds a payment in full through the provider (spec §9's refund policy is applied by the
 * person deciding); the subscription it paid for ends. The provider's refund event is recorded when it
 * arrives. Refunding twice answers the refunded payment. The refund is audited in the transaction that
 * marks it (once: a second refund changes nothing and leaves no row).
 */
export async function refundPayment(db: Database, clock: Clock, providers: PaymentProviders, caller: Caller, paymentId: string) {
  const id = rowId(paymentId)
  const [payment] = id === undefined ? [] : await db.select().from(payments).where(eq(payments.id, id))
  if (!payment) throw notFound(`Payment ${paymentId}`)
  if (payment.status === 'refunded') return payment
  const provider = providers.named(payment.provider)
  if (!payment.providerPaymentId || !provider) {
    throw new HttpError(409, 'not_refundable', `Payment ${paymentId} was not taken by a provider this server runs`)
  }
  await provider.refund(payment.providerPaymentId)
  await db.transaction(async (tx) => {
    if (!(await markRefunded(tx as unknown as Database, clock, payment.id))) return
    await recordAudit(tx as unknown as Database, clock, caller, {
      action: 'refund',
      targetType: 'payment',
      targetId: payment.id,
      detail: { planId: payment.planId, amountCents: payment.amountCents, currency: payment.currency },
    })
  })
  const [refunded] = await db.select().from(payments).where(eq(payments.id, payment.id))
  return refunded!
}

/**
 * Asks the provider to refund every payment the API decided to give back (`refunding`: an order that lost
 * to another one paid at the same moment), of one reader or of everyone, and marks each refunded. Called
 * after the grant that decided it has committed, and by each renewal run: a refund the provider did not
 * take (it was unreachable, the process stopped) stays `refunding` for the next run rather than failing
 * the reader's answer; the provider's refund is idempotent. Answers how many were refunded and how many
 * are left.
 */
export async function refundDuePayments(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
  userId?: string,
): Promise<{ refunded: number; left: number }> {
  const due = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'refunding'), eq(payments.provider, provider.name), userId === undefined ? undefined : eq(payments.userId, userId)))
  let refunded = 0
  for (const payment of due) {
    try {
      await provider.refund(payment.providerPaymentId!)
    } catch {
      continue
    }
    await db.transaction((tx) => markRefunded(tx as unknown as Database, clock, payment.id))
    refunded++
  }
  return { refunded, left: due.length - refunded }
}
