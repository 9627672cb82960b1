import { paymentAndRefundPolicy } from '@comics/react/policies'
import { PolicyScreen } from './PolicyScreen'

export default function PaymentAndRefundScreen() {
  return <PolicyScreen document={paymentAndRefundPolicy} titleKey="policy.paymentAndRefund" />
}
