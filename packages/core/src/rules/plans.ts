import { hasSubscription } from './subscription'
/** Plan identifiers, in order of level (spec §3). */
export type PlanId = '1week' | '4weeks' | '12weeks' | '24weeks'

/** A subscription plan (spec §3, prices of §9). Prices are US dollars; amounts are US cents. */
export interface Plan {
  id: PlanId
  /** Subscription level it grants, 1 to 4. */
  level: number
  /** Length of one paid period in weeks. */
  weeks: number
  /** Display duration, e.g. '4 weeks'. */
  duration: string
  badge: string
  /** HTML description, written by the kit. */
  description: string
  /** First-purchase price (the discount applies once, spec §9). */
  price: number
  /** Price of every renewal. */
  renewalPrice: number
  /**
   * First-purchase price per week: `price` ÷ `weeks`, to the cent ({@link pricePerWeek}). A returning
   * buyer's figure is `chargeFor(plan, { firstPurchase: false }).pricePerWeek`.
   */
  pricePerWeek: number
  /** What one payment covers, e.g. 'week' or '4 weeks'. */
  period: string
  /** First-purchase charge in cents. */
  amount: number
  /** Renewal charge in cents. */
  renewalAmount: number
  /** Whether the plan unlocks the uncensored edition (levels above 2, spec §6). */
  includesUncensored: boolean
}

/**
 * What a payment of `amount` cents for `weeks` weeks comes to per week, in dollars rounded to the
 * cent (half a cent up). The spec's hand-typed figures ("about $1.99 per week" for $24.99 / 12) were
 * wrong, so the figure is always computed from the price paid (docs/decisions.md).
 * @example pricePerWeek(2499, 12) // 2.08; pricePerWeek(3599, 12) // 3
 */
export function pricePerWeek(amount: number, weeks: number): number {
  return Math.round(amount / weeks) / 100
}

const description = (uncensored: boolean) =>
  '<ul><li>Unlimited access to more than 3000 episodes</li><li>New comics every week</li>' +
  (uncensored
    ? '<li>Uncensored content <strong>included</strong></li></ul>'
    : '<li>Uncensored content <strong>not included</strong></li></ul>')

const plan = (
  id: PlanId,
  level: number,
  weeks: number,
  price: number,
  renewalPrice: number,
): Plan => ({
  id,
  level,
  weeks,
  duration: weeks === 1 ? '1 week' : `${weeks} weeks`,
  badge: 'Premium',
  description: description(level > 2),
  price,
  renewalPrice,
  pricePerWeek: pricePerWeek(Math.round(price * 100), weeks),
  period: weeks === 1 ? 'week' : `${weeks} weeks`,
  amount: Math.round(price * 100),
  renewalAmount: Math.round(renewalPrice * 100),
  includesUncensored: level > 2,
})

/**
 * The fixed plan list of spec §9, ordered 1week, 4weeks, 12weeks, 24weeks.
 * @example
 * PLANS.map((p) => p.id) // ['1week', '4weeks', '12weeks', '24weeks']
 */
export const PLANS: readonly Plan[] = Object.freeze([
  plan('1week', 1, 1, 7.99, 7.99),
  plan('4weeks', 2, 4, 13.49, 15.99),
  plan('12weeks', 3, 12, 24.99, 35.99),
  plan('24weeks', 4, 24, 41.99, 79.99),
])

/** Highest subscription level. */
export const MAX_LEVEL = 4
/** Plan preselected on the premium page without a subscription (spec §9). */
export const DEFAULT_PREMIUM_PLAN_ID: PlanId = '4weeks'
/** Plan of the payment route when none is given (spec §2, §9). */
export const DEFAULT_PAYMENT_PLAN_ID: PlanId = '1week'

/**
 * The plan with this id, or undefined.
 * @example getPlan('12weeks')?.level // 3
 */
export function getPlan(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id)
}

/** Whether a string names a plan. */
export function isPlanId(id: string): id is PlanId {
  return getPlan(id) !== undefined
}

/**
 * Plans offered to a reader whose active level is `activeLevel` (0 without a subscription):
 * only those above it (spec §5).
 * @example offeredPlans(2).map((p) => p.id) // ['12weeks', '24weeks']
 */
export function offeredPlans(activeLevel: number): Plan[] {
  return PLANS.filter((p) => p.level > activeLevel)
}

/**
 * Plan preselected on the premium page: 4weeks without a subscription, otherwise the plan one level
 * above the active one, none at the top level (spec §4).
 * @example defaultPlanId(0) // '4weeks'; defaultPlanId(2) // '12weeks'; defaultPlanId(4) // null
 */
export function defaultPlanId(activeLevel: number): PlanId | null {
  if (!hasSubscription(activeLevel)) return DEFAULT_PREMIUM_PLAN_ID
  return PLANS.find((p) => p.level === activeLevel + 1)?.id ?? null
}

/** What one payment for a plan costs: dollars, cents, and dollars per week of the period it pays for. */
export interface Charge {
  price: number
  amount: number
  /** `price` ÷ the plan's weeks, to the cent: the per-week figure shown next to this price. */
  pricePerWeek: number
}

/**
 * What a purchase costs: the first-purchase price once per user, the renewal price afterwards (spec §9),
 * with its per-week figure computed from that same price.
 * @example chargeFor(getPlan('4weeks')!, { firstPurchase: true }) // { price: 13.49, amount: 1349, pricePerWeek: 3.37 }
 */
export function chargeFor(p: Plan, { firstPurchase }: { firstPurchase: boolean }): Charge {
  const [price, amount] = firstPurchase ? [p.price, p.amount] : [p.renewalPrice, p.renewalAmount]
  return { price, amount, pricePerWeek: pricePerWeek(Math.round(price * 100), p.weeks) }
}

/** The fields of a payment the first-purchase rule reads. */
export interface PaymentRef {
  /** 'paid' or 'refunded' for money that was taken; other states (pending, declined) took nothing. */
  status: string
}

/** Payment states in which money was taken: a refund does not give the first-purchase discount back. */
export const TAKEN_PAYMENT_STATUSES: readonly string[] = Object.freeze(['paid', 'refunded'])

/**
 * Whether a buyer with these payments buys for the first time, so pays a plan's first-purchase price
 * (spec §9 "The discount applies only to the first purchase"). The server charges by it and the kit
 * and the payment page show the price it gives, so the price shown is the price charged.
 * @example isFirstPurchase([]) // true; isFirstPurchase([{ status: 'paid' }]) // false
 */
export function isFirstPurchase(payments: readonly PaymentRef[]): boolean {
  return !payments.some((p) => TAKEN_PAYMENT_STATUSES.includes(p.status))
}

/**
 * The price a buyer with these payments pays for a plan now: {@link chargeFor} with {@link isFirstPurchase}.
 * @example priceToPay(getPlan('4weeks')!, [{ status: 'paid' }]) // { price: 15.99, amount: 1599, pricePerWeek: 4 }
 */
export function priceToPay(p: Plan, payments: readonly PaymentRef[]): Charge {
  return chargeFor(p, { firstPurchase: isFirstPurchase(payments) })
}

/**
 * The plan of a subscription: by its plan id, or by its level for older records without one.
 * @example planOfSubscription({ planId: '12weeks', level: 3 })?.duration // '12 weeks'
 */
export function planOfSubscription(subscription: { planId?: string | null; level: number }): Plan | undefined {
  return getPlan(subscription.planId ?? '') ?? PLANS.find((p) => p.level === subscription.level)
}

/**
 * What the site's membership offers (the top bar's Premium button, the sale banner) say to a reader at
 * `activeLevel`: 'join' without a subscription (Premium, and the sale, whose discount is for a first
 * purchase only); 'upgrade' to a subscriber below the top plan (an Upgrade button, no sale); 'none' on the
 * top plan, to whom nothing is left to sell (docs/decisions.md, "Account page").
 * @example membershipOffer(0) // 'join'; membershipOffer(2) // 'upgrade'; membershipOffer(4) // 'none'
 */
export function membershipOffer(activeLevel: number): 'join' | 'upgrade' | 'none' {
  if (!hasSubscription(activeLevel)) return 'join'
  return offeredPlans(activeLevel).length > 0 ? 'upgrade' : 'none'
}
