import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/database'
import { paymentCustomers } from '../db/schema'
import type { PaymentProvider } from './provider/payment-provider'

/**
 * The reader's customer at a provider, created at their first checkout there and kept (the saved card
 * renewals charge belongs to it). Two first checkouts at once create two customers; one is kept, and the
 * other, empty, is deleted.
 */
export async function customerOfReader(db: Database, provider: PaymentProvider, userId: string, now: Date): Promise<string> {
  const mine = and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name))
  const [known] = await db.select().from(paymentCustomers).where(mine)
  if (known) return known.customerId
  const created = await provider.createCustomer(`customer-${randomUUID()}`)
  await db.insert(paymentCustomers).values({ userId, provider: provider.name, customerId: created, createdAt: now }).onConflictDoNothing()
  const [kept] = await db.select().from(paymentCustomers).where(mine)
  if (kept!.customerId !== created) await provider.deleteCustomer(created)
  return kept!.customerId
}

/**
 * The customer a renewal charges: the reader's, or their uid for a subscription paid before customers
 * were kept (the sandbox then named its customers by uid).
 */
export async function renewalCustomerOf(db: Database, provider: PaymentProvider, userId: string): Promise<string> {
  const [known] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)))
  return known?.customerId ?? userId
}
