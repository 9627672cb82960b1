import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { chargeFor, getPlan, offeredPlans } from '@comics/core/rules'
import type { CheckoutRequest } from '@comics/core/contract'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts } from '../db/schema'
import { HttpError } from '../http/http-error'
import { activeLevelOfUser } from './active-level-of-user'
import { isOnAllowedOrigin } from './allowed-origin'
import { isFirstPurchaseOfUser } from './first-purchase-of-user'
import type { PaymentProvider } from './provider/payment-provider'
import { customerOfReader } from './customer-of-reader'

/** The query parameter of urlSuccess that names the order the reader comes back from. */
export const CHECKOUT_RETURN_PARAM = 'checkout'

/**
 * Opens an order for a plan and the provider's hosted checkout for it, and answers the checkout's URL.
 * The plan must be one the reader is offered (core `offeredPlans`), `level` must be the plan's level and
 * `urlSuccess` must be on an allowed origin. The amount is fixed now (core `isFirstPurchase`), and the
 * reader's other open checkouts are ended, so only the newest one can be paid (one whose payment is already
 * under way stays open: see `grantInTransaction` for two orders both paid). Nothing is granted here:
 * access comes only with a payment the provider confirms.
 */
export async function createCheckout(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
  options: { allowedOrigins: readonly string[] },
  userId: string,
  request: CheckoutRequest,
): Promise<{ url: string }> {
  const plan = getPlan(request.title)!
  if (plan.level !== request.level) {
    throw new HttpError(400, 'invalid_request', `Plan '${plan.id}' is level ${plan.level}, not ${request.level}`, {
      level: [`Expected ${plan.level} for plan '${plan.id}'`],
    })
  }
  if (!isOnAllowedOrigin(request.urlSuccess, options.allowedOrigins)) {
    throw new HttpError(400, 'invalid_request', 'urlSuccess must be on an allowed origin', {
      urlSuccess: ['Not on an allowed origin'],
    })
  }
  const now = clock.now()
  const level = await activeLevelOfUser(db, userId, now)
  if (!offeredPlans(level).some((offered) => offered.id === plan.id)) {
    throw new HttpError(409, 'plan_not_offered', `Plan '${plan.id}' is not above your active level ${level}`)
  }
  const firstPurchase = await isFirstPurchaseOfUser(db, userId)
  const charge = chargeFor(plan, { firstPurchase })

  const earlier = await db.select().from(checkouts).where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')))
  for (const open of earlier) {
    if (open.providerCheckoutId) {
      await provider.expireCheckout(open.providerCheckoutId)
      // A payment already under way (a delayed card settling, or paid and not reported yet) cannot be
      // stopped: the order stays open, to be granted or given back when it is reported.
      const { status } = await provider.checkoutStatus(open.providerCheckoutId)
      if (status === 'processing' || status === 'paid') continue
    }
    await db.update(checkouts).set({ status: 'cancelled' }).where(and(eq(checkouts.id, open.id), eq(checkouts.status, 'open')))
  }

  // The order id comes back in urlSuccess: unguessable, like a provider's session id.
  const id = randomBytes(24).toString('base64url')
  // Stored as the parsed URL: the raw text may hold characters (line breaks, non-Latin-1) that a Location
  // header cannot carry, which the URL parser drops or percent-encodes.
  const success = new URL(request.urlSuccess)
  success.searchParams.set(CHECKOUT_RETURN_PARAM, id)
  await db.insert(checkouts).values({
    id,
    userId,
    planId: plan.id,
    level: plan.level,
    urlSuccess: success.href,
    amountCents: charge.amount,
    currency: 'USD',
    firstPurchase,
    provider: provider.name,
    createdAt: now,
  })
  try {
    const opened = await provider.openCheckout({
      reference: id,
      customerId: await customerOfReader(db, provider, userId, clock.now()),
      amountCents: charge.amount,
      currency: 'USD',
      description: `premium membership: ${plan.duration}`,
      successUrl: success.href,
      cancelUrl: `${success.origin}/premium`,
    })
    await db.update(checkouts).set({ providerCheckoutId: opened.checkoutId }).where(eq(checkouts.id, id))
    return { url: opened.url }
  } catch (error) {
    await db.update(checkouts).set({ status: 'cancelled' }).where(eq(checkouts.id, id))
    throw error
  }
}
