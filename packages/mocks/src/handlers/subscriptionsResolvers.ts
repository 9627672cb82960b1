import { HttpResponse } from 'msw'
import type { Subscription } from '@comics/core/contract'
import { getPlan, isFirstPurchase, offeredPlans, priceToPay, subscriptionInForce, subscriptionPeriodEnd } from '@comics/core/rules'
import { unpaidCheckoutAnswer } from './checkoutAnswers'
import { errorResponse, validationErrorResponse } from './errorResponse'
import { nextMockId, type MockCheckout, type MockState } from './mockState'
import { pageOf, passes } from './paging'
import type { Resolver } from './resolverContext'


/** Where the mock checkout "payment page" lives: a reserved `.invalid` host that never resolves. */
export function defaultCheckoutUrl(checkout: MockCheckout): string {
  return `https://checkout.comics-mocks.invalid/pay/${checkout.id}?success=${encodeURIComponent(checkout.urlSuccess)}`
}

/** POST /subscriptions/list: only the caller's subscriptions, whatever `userId` filter is sent. */
export const listSubscriptions: Resolver<'listSubscriptions'> = ({ body, state, viewer }) => {
  const own = state.subscriptions.filter((s) => s.userId === viewer.userId && passes(body.filters.userId, s.userId))
  return HttpResponse.json(pageOf(body.sort?.order === 'desc' ? [...own].reverse() : own, body))
}

/**
 * The checkout call: `title` names the plan and `level` must be its level; only plans above the
 * caller's active level are offered (core `offeredPlans`), others get 409. Answers the payment url.
 */
export const checkout: Resolver<'checkout'> = ({ body, state, viewer, checkoutUrl }) => {
  const plan = getPlan(body.title)
  if (!plan || plan.level !== body.level) {
    return validationErrorResponse({ level: [`Plan ${body.title} is level ${plan?.level ?? '?'}`] })
  }
  if (!offeredPlans(viewer.level).some((p) => p.id === plan.id)) {
    return errorResponse(409, { code: 'plan_not_offered', message: `Plan ${plan.id} is not above the active level ${viewer.level}` })
  }
  // Only the newest checkout of a viewer can be paid, as on the reference server.
  for (const earlier of state.checkouts) if (earlier.userId === viewer.userId && earlier.status === 'open') earlier.status = 'cancelled'
  const id = nextMockId(state, 'checkout-')
  const success = new URL(body.urlSuccess)
  success.searchParams.set('checkout', id)
  const started: MockCheckout = {
    id,
    userId: viewer.userId!,
    planId: plan.id,
    level: plan.level,
    urlSuccess: success.href,
    status: 'open',
    amount: priceToPay(plan, state.payments.filter((p) => p.userId === viewer.userId)).amount,
    subscriptionId: null,
  }
  state.checkouts.push(started)
  return HttpResponse.json({ url: checkoutUrl(started) })
}

/**
 * What the mock payment provider does when a reader pays on its page: the checkout becomes paid,
 * declined (it can be paid again) or processing (a payment that settles later). POST /subscriptions
 * then grants a paid one.
 * @example settleMockCheckout(state, checkoutId, 'paid')
 */
export function settleMockCheckout(state: MockState, checkoutId: string, outcome: 'paid' | 'declined' | 'processing'): void {
  const checkout = state.checkouts.find((c) => c.id === checkoutId)
  if (!checkout) throw new Error(`No mock checkout ${checkoutId}`)
  if (checkout.status === 'paid' || checkout.status === 'cancelled') return
  checkout.status = outcome
}

/**
 * POST /subscriptions: confirms a checkout of the caller that the (mock) provider says was paid. It
 * activates the plan for its weeks, replaces the active subscription and records the payment; confirming
 * again answers the same subscription. Not paid: 409 payment_pending, 402 payment_declined or 409
 * checkout_cancelled, and nothing changes.
 */
export const createPayment: Resolver<'createPayment'> = ({ body, state, viewer, now }) => {
  const paid = state.checkouts.find((c) => c.id === body.checkoutId && c.userId === viewer.userId && c.kind !== 'coins')
  if (!paid) return errorResponse(404, { message: `No checkout ${body.checkoutId}` })
  const existing = state.subscriptions.find((s) => s.id === paid.subscriptionId)
  if (existing) return HttpResponse.json({ data: [existing] })
  const unpaid = unpaidCheckoutAnswer(paid)
  if (unpaid) return unpaid
  const plan = getPlan(paid.planId)!
  for (const s of state.subscriptions) {
    if (s.userId === viewer.userId && s.status === 'active') s.status = 'replaced'
  }
  const subscription: Subscription = {
    id: nextMockId(state, 'sub-'),
    userId: paid.userId,
    status: 'active',
    level: plan.level,
    planId: plan.id,
    currentPeriodEnd: subscriptionPeriodEnd(now, plan.weeks).toISOString(),
    autoRenew: true,
  }
  const ownPayments = state.payments.filter((p) => p.userId === paid.userId)
  state.payments.push({
    id: nextMockId(state, 'pay-'),
    userId: paid.userId,
    status: 'paid',
    kind: isFirstPurchase(ownPayments) ? 'first-purchase' : 'purchase',
    planId: plan.id,
    subscriptionId: subscription.id,
    amount: paid.amount,
    currency: 'USD',
    paidAt: now.toISOString(),
  })
  state.subscriptions.push(subscription)
  paid.subscriptionId = subscription.id
  return HttpResponse.json({ data: [subscription] }, { status: 201 })
}

/** POST /payments/list: the caller's payments; an admin may ask for anyone's, others get 403. */
export const listPayments: Resolver<'listPayments'> = ({ body, state, viewer }) => {
  // An admin without a filter sees everyone's.
  const asked = body.filters.userId ?? (viewer.admin ? undefined : [viewer.userId!])
  if (!viewer.admin && asked!.some((userId) => userId !== viewer.userId)) {
    return errorResponse(403, { code: 'forbidden', message: 'You may list only your own payments' })
  }
  const own = state.payments.filter((p) => !asked || asked.includes(p.userId))
  return HttpResponse.json(pageOf(body.sort?.order === 'asc' ? own : [...own].reverse(), body))
}

/** POST /payments/{id}/refund (admin): the payment refunded, the subscription it paid for ended. */
export const refundPayment: Resolver<'refundPayment'> = ({ params, state, now }) => {
  const payment = state.payments.find((p) => p.id === params.id)
  if (!payment) return errorResponse(404, { message: `No payment ${params.id}` })
  if (payment.status === 'paid') {
    payment.status = 'refunded'
    payment.refundedAt = now.toISOString()
    const subscription = state.subscriptions.find((s) => s.id === payment.subscriptionId && s.status === 'active')
    if (subscription) {
      subscription.status = 'refunded'
      subscription.autoRenew = false
    }
  }
  return HttpResponse.json({ data: [payment] })
}

/**
 * POST /subscriptions/{id}/cancel: auto-renewal off, status and period kept; others' are 404. As the
 * reference API: cancelling twice answers the subscription unchanged, and one not in force (core
 * `subscriptionInForce`: expired, refunded, replaced, or past its period end) is 409
 * `subscription_not_active` and stays as it is.
 */
export const cancelSubscription: Resolver<'cancelSubscription'> = ({ params, state, viewer, now }) => {
  const subscription = state.subscriptions.find((s) => s.id === params.id && s.userId === viewer.userId)
  if (!subscription) return errorResponse(404, { message: `No subscription ${params.id}` })
  if (!subscriptionInForce([subscription], now)) {
    return errorResponse(409, { code: 'subscription_not_active', message: `Subscription ${params.id} is not in force` })
  }
  subscription.autoRenew = false
  return HttpResponse.json({ data: [subscription] })
}

/** GET /subscriptions/betatransfer/payment-systems: every method, deposit and others. */
export const listPaymentSystems: Resolver<'listPaymentSystems'> = ({ state }) =>
  HttpResponse.json({ data: state.paymentMethods })
