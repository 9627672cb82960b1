import { PolicyPage, useMessages } from '@comics/react'
import { PaymentAndRefundText } from '../policies/PaymentAndRefundText'

export default function PaymentAndRefundScreen() {
  const messages = useMessages()
  return (
    <PolicyPage title={messages['policy.paymentAndRefund']}>
      <PaymentAndRefundText />
    </PolicyPage>
  )
}
