import type { PaymentMethod } from '../contract/entities'

/** The payment method type a reader can pay with (spec §7 "Payment methods"). */
export const DEPOSIT_METHOD_TYPE = 'deposit'

/**
 * The methods the payment page lists: only those of type 'deposit' (spec §7).
 * @example depositMethods(methods).map((m) => m.paymentSystem)
 */
export function depositMethods(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return methods.filter((method) => method.type === DEPOSIT_METHOD_TYPE)
}
