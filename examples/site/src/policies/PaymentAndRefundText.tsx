import { POLICY } from '@comics/core'

/** The payment and refund policy (spec §9 policy constants). */
export function PaymentAndRefundText() {
  return (
    <>
      <h2>Payments</h2>
      <p>
        All prices and payments are in US dollars ({POLICY.currency}). A membership renews automatically at the
        renewal price at the end of each period. The first-purchase discount applies once.
      </p>
      <h2>Cancelling</h2>
      <p>
        To stop the next renewal, cancel at least {POLICY.cancellationNoticeHours} hours before the end of the
        current period. Cancelling turns off auto-renewal; your access stays until the period ends.
      </p>
      <h2>Refunds</h2>
      <ul>
        <li>Refund requests must be made within {POLICY.refundWindowDays} calendar days of the card payment.</li>
        <li>We review each request; the review takes at least {POLICY.refundReviewHours} hours.</li>
        <li>
          If we ask for more information and receive no reply within {POLICY.infoRequestReplyDays} days, the request
          is rejected.
        </li>
      </ul>
      <h2>Your statutory rights</h2>
      <ul>
        <li>In the European Union you may withdraw within {POLICY.euWithdrawalDays} days of the purchase.</li>
        <li>
          In California you may cancel until the end of business day {POLICY.californiaCancelBusinessDays} after the
          purchase; we return your payment within {POLICY.californiaRefundDays} days.
        </li>
      </ul>
      <h2>Coins</h2>
      <p>Coins have no real-world value, cannot be transferred and are not refundable.</p>
    </>
  )
}
