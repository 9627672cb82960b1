import type { PaymentMethod } from '@comics/core/contract'

/**
 * The sandbox's payment methods, shaped like the provider's list (spec §3 "Payment method"). The site
 * lists only the 'deposit' ones (spec §7); the others show that the list carries more than that.
 */
const methods: PaymentMethod[] = [
  { title: 'Card (Visa, Mastercard)', type: 'deposit', paymentSystem: 'card', orderCurrency: { USD: { minAmount: 1, maxAmount: 5000 }, EUR: { minAmount: 1, maxAmount: 5000 } } },
  { title: 'Apple Pay', type: 'deposit', paymentSystem: 'apple_pay', orderCurrency: { USD: { minAmount: 1, maxAmount: 3000 } } },
  { title: 'Google Pay', type: 'deposit', paymentSystem: 'google_pay', orderCurrency: { USD: { minAmount: 1, maxAmount: 3000 } } },
  { title: 'USDT (TRC-20)', type: 'deposit', paymentSystem: 'usdt_trc20', orderCurrency: { USD: { minAmount: 5, maxAmount: 10000 } } },
  { title: 'Card payout', type: 'withdrawal', paymentSystem: 'card_payout', orderCurrency: { USD: { minAmount: 10, maxAmount: 5000 } } },
  { title: 'Refund to card', type: 'refund', paymentSystem: 'card_refund', orderCurrency: { USD: {} } },
]

export const PAYMENT_SYSTEMS: readonly PaymentMethod[] = Object.freeze(methods)
