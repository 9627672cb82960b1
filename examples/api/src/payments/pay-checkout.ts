import { and, eq } from 'drizzle-orm'
import { chargeFor, getPlan, offeredPlans } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts, payingCustomers, payments, subscriptions } from '../db/schema'
import { isUniqueViolation } from '../db/unique-violation'
import { HttpError, notFound } from '../http/http-error'
import { activeLevelOfUser } from './active-level-of-user'
import { isFirstPurchaseOfUser } from './first-purchase-of-user'
import { periodEnd } from './period'

export interface PaidCheckout {
  subscription: typeof subscriptions.$inferSelect
  urlSuccess: string
}

/**
 * Records the payment of a checkout and activates its plan until now plus the plan's weeks, at the
 * first-purchase price if the user never paid before and the renewal price otherwise (core `chargeFor`).
 * A higher plan replaces the active subscription. Paying a checkout again, even concurrently, answers the
 * same subscription: the checkout row is locked for the transaction and `subscriptions.checkout_id` is
 * unique, so the database itself refuses a second one.
 */
export async function payCheckout(
  db: Database,
  clock: Clock,
  payment: { checkoutId: string; userId?: string; paymentSystem?: string },
): Promise<PaidCheckout> {
  try {
    return await db.transaction(async (tx) => {
      const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, payment.checkoutId)).for('update')
      // Someone else's checkout is answered like a missing one: ids are not to be probed.
      if (!checkout || (payment.userId !== undefined && checkout.userId !== payment.userId)) throw notFound('Checkout')
      if (checkout.status === 'paid') return alreadyPaid(tx as unknown as Database, checkout.id, checkout.urlSuccess)
      if (checkout.status === 'cancelled') throw new HttpError(409, 'checkout_cancelled', 'This checkout was cancelled')

      const plan = getPlan(checkout.planId)!
      const now = clock.now()
      const level = await activeLevelOfUser(tx as unknown as Database, checkout.userId, now)
      if (!offeredPlans(level).some((offered) => offered.id === plan.id)) {
        throw new HttpError(409, 'plan_not_offered', `Plan '${plan.id}' is not above your active level ${level}`)
      }
      // The paying-customer row serialises a user's purchases: a second one waits here for the first to
      // commit, then reads its payment, so the first-purchase price is charged once (core isFirstPurchase).
      await tx.insert(payingCustomers).values({ userId: checkout.userId, firstPaidAt: now }).onConflictDoNothing()
      const firstPurchase = await isFirstPurchaseOfUser(tx as unknown as Database, checkout.userId)
      const charge = chargeFor(plan, { firstPurchase })

      await tx
        .update(subscriptions)
        .set({ status: 'replaced', autoRenew: false, renewsOnce: false })
        .where(and(eq(subscriptions.userId, checkout.userId), eq(subscriptions.status, 'active')))
      const [subscription] = await tx
        .insert(subscriptions)
        .values({
          userId: checkout.userId,
          planId: plan.id,
          level: plan.level,
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd(now, plan.weeks),
          autoRenew: true,
          checkoutId: checkout.id,
          createdAt: now,
        })
        .returning()
      await tx.insert(payments).values({
        userId: checkout.userId,
        subscriptionId: subscription!.id,
        checkoutId: checkout.id,
        planId: plan.id,
        kind: firstPurchase ? 'first-purchase' : 'purchase',
        amountCents: charge.amount,
        paymentSystem: payment.paymentSystem ?? null,
        paidAt: now,
      })
      await tx.update(checkouts).set({ status: 'paid' }).where(eq(checkouts.id, checkout.id))
      return { subscription: subscription!, urlSuccess: checkout.urlSuccess }
    })
  } catch (error) {
    // The losing side of a race the row lock did not serialise (not expected, but the constraint decides).
    if (isUniqueViolation(error)) {
      const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, payment.checkoutId))
      if (checkout) return alreadyPaid(db, checkout.id, checkout.urlSuccess)
    }
    throw error
  }
}

async function alreadyPaid(db: Database, checkoutId: string, urlSuccess: string): Promise<PaidCheckout> {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.checkoutId, checkoutId))
  if (!subscription) throw new Error(`Checkout ${checkoutId} is paid but has no subscription`)
  return { subscription, urlSuccess }
}

/** Cancel on the sandbox page: the checkout can no longer be paid. */
export async function abandonCheckout(db: Database, checkoutId: string): Promise<string | undefined> {
  const [checkout] = await db
    .update(checkouts)
    .set({ status: 'cancelled' })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'open')))
    .returning()
  if (checkout) return checkout.urlSuccess
  const [existing] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
  return existing?.urlSuccess
}
