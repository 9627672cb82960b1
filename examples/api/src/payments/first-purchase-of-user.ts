import { eq } from 'drizzle-orm'
import { isFirstPurchase } from '@comics/core/rules'
import type { Database } from '../db/database'
import { payments } from '../db/schema'
import { paymentFromRow } from './payment-view'

/** Whether the user buys for the first time (core `isFirstPurchase` over their payments). */
export async function isFirstPurchaseOfUser(db: Database, userId: string): Promise<boolean> {
  const rows = await db.select().from(payments).where(eq(payments.userId, userId))
  return isFirstPurchase(rows.map(paymentFromRow))
}
