import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Payment } from '@comics/core'
import { useApi } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'

const PAYMENTS_KEY = ['site-admin', 'payments'] as const
const dollars = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`

/**
 * The latest payments of every reader, each refundable in full through the payment provider
 * (POST /payments/{id}/refund): the subscription it paid for ends. A refund asks first.
 */
export function PaymentsPanel() {
  const api = useApi()
  const payments = useQuery({
    queryKey: PAYMENTS_KEY,
    queryFn: async ({ signal }) => (await api.payments.list({ limit: 50, offset: 0, sort: { field: 'paid_at', order: 'desc' } }, { signal })).data,
  })
  return (
    <section className="site-admin__panel" aria-labelledby="site-admin-payments">
      <h2 id="site-admin-payments">Payments</h2>
      <AdminErrorMessage error={payments.error} />
      {payments.data?.length === 0 && <p>No payments yet.</p>}
      <ul className="site-admin__list">
        {payments.data?.map((payment) => (
          <li key={payment.id}>
            <PaymentRow payment={payment} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function PaymentRow({ payment }: { payment: Payment }) {
  const api = useApi()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const refund = useMutation({
    mutationFn: () => api.payments.refund(payment.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
    onSettled: () => setConfirming(false),
  })
  const label = `Payment ${payment.id}`
  return (
    <div className="site-admin__row" role="group" aria-label={label} data-status={payment.status}>
      <span>
        {payment.planId ?? payment.kind} · {dollars(payment.amount, payment.currency)} · {new Date(payment.paidAt).toLocaleString()} ·{' '}
        {payment.userId} · <strong>{payment.status}</strong>
      </span>
      {payment.status === 'paid' &&
        (confirming ? (
          <>
            <span>Refund {dollars(payment.amount, payment.currency)} and end the membership it paid for?</span>
            <button type="button" className="comics-button" disabled={refund.isPending} onClick={() => refund.mutate()}>
              Refund now
            </button>
            <button type="button" className="comics-button" data-variant="ghost" disabled={refund.isPending} onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => setConfirming(true)}>
            Refund
          </button>
        ))}
      <AdminErrorMessage error={refund.error} />
    </div>
  )
}
