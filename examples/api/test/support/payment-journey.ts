import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { getPlan } from '@comics/core/rules'
import type { Database } from '../../src/db/database'
import { checkouts, paymentCustomers } from '../../src/db/schema'
import { TEST_CARDS, type CardBehaviour } from '../../src/payments/sandbox/test-cards'
import { bearer, type Account } from './accounts'
import type { TestServer } from './test-server'

export const URL_SUCCESS = 'http://adult.localhost:5173/account'

/** The test card number of a behaviour. */
export const card = (behaviour: CardBehaviour) => TEST_CARDS.find((c) => c.behaviour === behaviour)!.number

/** A reader's way through a payment: open a checkout, pay on the sandbox page, come back and confirm. */
export function paymentJourney(server: TestServer) {
  const openCheckout = (account: Account, planId: string, urlSuccess = URL_SUCCESS) => {
    const plan = getPlan(planId)!
    return server.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/checkout',
      headers: bearer(account),
      payload: { level: plan.level, title: plan.id, urlSuccess },
    })
  }

  /** Opens a checkout: the API's order id (as urlSuccess carries it) and the sandbox checkout's id and page. */
  const opened = async (account: Account, planId: string) => {
    const response = await openCheckout(account, planId)
    expect(response.statusCode, response.body).toBe(200)
    const page = new URL((response.json() as { url: string }).url).pathname
    const sandboxId = page.split('/').pop()!
    const [order] = await server.db.select().from(checkouts).where(eq(checkouts.providerCheckoutId, sandboxId))
    return { orderId: order!.id, sandboxId, page }
  }

  /** Pays on the sandbox's hosted page with a test card (or any number). */
  const payOnPage = (sandboxId: string, number: string, expiry = '12/34', cvc = '123') =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${sandboxId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number, expiry, cvc }).toString(),
    })

  /** POST /subscriptions: the reader back on urlSuccess asks for what they paid. */
  const confirm = (account: Account, orderId: string) =>
    server.app.inject({ method: 'POST', url: '/api/v1/subscriptions', headers: bearer(account), payload: { checkoutId: orderId } })

  /** Opens, pays with the success card, lets the sandbox's event land: the subscription. */
  const subscribe = async (account: Account, planId: string, behaviour: CardBehaviour = 'succeeds') => {
    const { orderId, sandboxId } = await opened(account, planId)
    const paid = await payOnPage(sandboxId, card(behaviour))
    expect(paid.statusCode, paid.body).toBe(303)
    await server.sandbox.runDue()
    const confirmed = await confirm(account, orderId)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    return { orderId, sandboxId, subscription: (confirmed.json() as { data: { id: string; currentPeriodEnd: string; level: number }[] }).data[0]! }
  }

  return { openCheckout, opened, payOnPage, confirm, subscribe }
}

/** The reader's customer at the sandbox (kept per reader since their first checkout), or '' without one. */
export async function sandboxCustomerOf(db: Database, uid: string): Promise<string> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, uid), eq(paymentCustomers.provider, 'sandbox')))
  return row?.customerId ?? ''
}
