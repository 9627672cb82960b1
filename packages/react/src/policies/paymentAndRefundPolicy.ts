import { contact, count, currencyName, effective, ordinal, planLine, resolvePolicyContext } from './context'
import type { PolicyContextInput, PolicyDocument } from './types'

/**
 * The Payment and Refund Policy (spec §9): currency, plans and prices, automatic renewal, the
 * first-purchase discount, cancellation notice, refund window and review, EU withdrawal, California
 * cancellation, Coins. Every number comes from `@comics/core` unless the context overrides it.
 * @example <PolicyPage document={paymentAndRefundPolicy({ supportEmail: 'billing@comics.example' })} />
 */
export function paymentAndRefundPolicy(input?: PolicyContextInput): PolicyDocument {
  const context = resolvePolicyContext(input)
  const { serviceName: name, policy, plans } = context
  const currency = `${currencyName(policy.currency)} (${policy.currency})`
  const reach = contact(context)
  return {
    id: 'payment-and-refund',
    title: 'Payment and Refund Policy',
    intro: [
      ...effective(context),
      `This policy explains how payments, automatic renewals, cancellations and refunds work on ${name}. It is part of our Terms of Use.`,
    ],
    sections: [
      {
        id: 'currency',
        heading: 'Currency and payment',
        paragraphs: [
          `All prices are shown and all payments are charged in ${currency}. If your card is in another currency, your bank converts the amount and may charge a conversion fee; that fee is not set or received by us.`,
          'Payments are processed by our payment provider with the payment method you select at checkout. We do not receive or store your full card number.',
        ],
      },
      {
        id: 'plans',
        heading: 'Plans and prices',
        paragraphs: [`A subscription unlocks every episode for its period. The plans and their prices in ${currency} are:`],
        items: plans.map((plan) => planLine(plan, policy.currency)),
      },
      {
        id: 'discount',
        heading: 'First-purchase discount',
        paragraphs: [
          'Where a plan shows a lower first-purchase price, that discount applies only once: to your first purchase. Every later purchase and every renewal is charged at the renewal price.',
        ],
      },
      {
        id: 'renewal',
        heading: 'Automatic renewal',
        paragraphs: [
          'Subscriptions renew automatically. At the end of each period we charge the renewal price of your plan to the payment method you used, and a new period starts, until you cancel.',
        ],
      },
      {
        id: 'cancellation',
        heading: 'Cancelling your subscription',
        paragraphs: [
          `You can cancel automatic renewal at any time from your account page or by contacting us ${reach}. To stop the next renewal, cancel at least ${count(policy.cancellationNoticeHours, 'hour')} before the end of the current period: a cancellation made later takes effect after the next renewal.`,
          'Cancelling turns off automatic renewal; it does not end your current period. You keep access until the end of the period you have paid for, and no further payments are taken.',
        ],
      },
      {
        id: 'refunds',
        heading: 'Refunds',
        paragraphs: [`To ask for a refund, contact us ${reach} with the email address of your account, the date and amount of the payment and the reason for your request.`],
        items: [
          `Refund requests must be made within ${count(policy.refundWindowDays, 'calendar day')} of the card payment. Requests made later cannot be accepted, except where the law requires otherwise.`,
          `We review each request; the review takes at least ${count(policy.refundReviewHours, 'hour')}.`,
          `We may ask you for information we need to review the request. If you do not reply to an information request within ${count(policy.infoRequestReplyDays, 'day')}, the request is rejected.`,
          'An accepted refund is paid to the payment method used for the payment, and the access bought with that payment ends. Your bank may take a few days to show the refund.',
        ],
      },
      {
        id: 'eu-withdrawal',
        heading: 'Right of withdrawal in the European Union',
        paragraphs: [
          `If you are a consumer in the European Union, you may withdraw from a purchase within ${count(policy.euWithdrawalDays, 'day')} of it, without giving a reason, by telling us ${reach}. We reimburse the payment without undue delay, with the same payment method.`,
          'Because access to digital content starts immediately, at checkout you may be asked to agree that access begins during the withdrawal period and to acknowledge that, where the law allows it, you then lose the right of withdrawal.',
        ],
      },
      {
        id: 'california',
        heading: 'California residents',
        paragraphs: [
          `If you are a California resident, you may cancel a purchase by telling us ${reach} before midnight of the ${ordinal(policy.californiaCancelBusinessDays)} business day after the day of the purchase. We return your payment within ${count(policy.californiaRefundDays, 'day')} of receiving your notice of cancellation.`,
        ],
      },
      {
        id: 'coins',
        heading: 'Coins',
        paragraphs: [
          'Coins are bought with real money for use within the service only. Coins have no real-world value, cannot be exchanged for money, are non-transferable and are non-refundable, except where the law requires otherwise.',
        ],
      },
      {
        id: 'chargebacks',
        heading: 'Disputed payments',
        paragraphs: [
          'If you think a payment is wrong, please contact us first: most problems are solved quickly. If you dispute a payment with your bank instead, we may suspend the subscription concerned while the dispute is open.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contact us',
        paragraphs: [`For any question about payments or refunds, contact ${name} ${reach}.`],
      },
    ],
  }
}
