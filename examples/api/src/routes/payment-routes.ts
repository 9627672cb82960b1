import type { FastifyInstance } from 'fastify'
import { asc, count, desc, inArray } from 'drizzle-orm'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { payments } from '../db/schema'
import { HttpError } from '../http/http-error'
import { registerEndpoint } from '../http/register-endpoint'
import { paymentFromRow } from '../payments/payment-view'

/** The caller's payments: what the kit reads to show the price a reader will be charged. */
export function registerPaymentRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context
  // A reader sees only their own payments; an admin may ask for anyone's.
  registerEndpoint(app, context, endpoints.listPayments, async ({ body, caller }) => {
    const asked = body.filters.userId ?? [caller!.uid]
    if (!caller!.admin && asked.some((userId) => userId !== caller!.uid)) {
      throw new HttpError(403, 'forbidden', 'You may list only your own payments')
    }
    const where = inArray(payments.userId, asked)
    const direction = body.sort?.order === 'asc' ? asc : desc
    const [rows, [totalRow]] = await Promise.all([
      db.select().from(payments).where(where).orderBy(direction(payments.paidAt), direction(payments.id)).limit(body.limit).offset(body.offset),
      db.select({ total: count() }).from(payments).where(where),
    ])
    return { data: rows.map(paymentFromRow), total: totalRow?.total ?? 0 }
  })
}
