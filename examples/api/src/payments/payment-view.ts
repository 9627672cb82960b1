import type { Payment } from '@comics/core/contract'
import type { payments } from '../db/schema'

/** A payment row as the contract shows it. */
export function paymentFromRow(row: typeof payments.$inferSelect): Payment {
  return {
    id: String(row.id),
    userId: row.userId,
    status: row.status,
    kind: row.kind,
    planId: row.planId,
    ...(row.subscriptionId !== null ? { subscriptionId: String(row.subscriptionId) } : {}),
    amount: row.amountCents,
    currency: row.currency,
    paidAt: row.paidAt.toISOString(),
    ...(row.refundedAt ? { refundedAt: row.refundedAt.toISOString() } : {}),
  }
}
