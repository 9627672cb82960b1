import { useParams } from 'react-router'
import { DEFAULT_PAYMENT_PLAN_ID } from '@comics/core'
import { OrderSummary, PaymentForm } from '@comics/react'

/** Payment (spec §2): the purchase form on the left, the order on the right. */
export default function PaymentScreen() {
  const { planId = DEFAULT_PAYMENT_PLAN_ID } = useParams()
  return (
    <div className="site-payment">
      <PaymentForm planId={planId} />
      <OrderSummary planId={planId} />
    </div>
  )
}
