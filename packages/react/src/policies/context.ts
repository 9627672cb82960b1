import { chargeFor, MATURE_AGE, MINIMUM_AGE, PLANS, POLICY, type Charge, type Plan } from '@comics/core'
import type { PolicyContext, PolicyContextInput } from './types'

/**
 * The full context of the documents: what the caller gives, the rest from `@comics/core`.
 * @example resolvePolicyContext({ supportEmail: 'help@partner.example' }).policy.refundWindowDays // 120
 */
export function resolvePolicyContext(input: PolicyContextInput = {}): PolicyContext {
  return {
    minimumAge: MINIMUM_AGE,
    matureAge: MATURE_AGE,
    plans: PLANS,
    serviceName: 'Comics',
    ...input,
    policy: { ...POLICY, ...input.policy },
  }
}

/** '1 day', '7 days'. */
export const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

const ORDINALS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']

/** 'third' for 3; '11th', '22nd' past ten. */
export function ordinal(n: number): string {
  if (ORDINALS[n]) return ORDINALS[n]
  const tens = n % 100
  const suffix = tens > 10 && tens < 14 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'
  return `${n}${suffix}`
}

/** '$7.99', '$200' (no cents on whole amounts). */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount)
}

/** The currency's English plural name: 'US dollars' for USD. */
export function currencyName(currency: string): string {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'name' }).formatToParts(2)
  return parts.find((part) => part.type === 'currency')?.value ?? currency
}

/** 'every week', 'every 4 weeks'. */
const every = (plan: Plan) => (plan.weeks === 1 ? 'every week' : `every ${plan.weeks} weeks`)

/**
 * One plan as the documents list it, prices from core; each price with its own per-week figure (core
 * `chargeFor`: the price ÷ the weeks, to the cent).
 * @example planLine(PLANS[1], 'USD')
 * // '4 weeks (level 2): $13.49 for the first purchase ($3.37 per week), then $15.99 every 4 weeks ($4.00 per week)'
 */
export function planLine(plan: Plan, currency: string): string {
  const head = `${plan.duration} (level ${plan.level}): `
  const first = chargeFor(plan, { firstPurchase: true })
  const renewal = chargeFor(plan, { firstPurchase: false })
  // Always to the cent, like the plan cards: '$4.00', never '$4'.
  const perWeek = (charge: Charge) =>
    plan.weeks > 1 ? ` (${new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(charge.pricePerWeek)} per week)` : ''
  return first.amount === renewal.amount
    ? `${head}${money(renewal.price, currency)} ${every(plan)}${perWeek(renewal)}`
    : `${head}${money(first.price, currency)} for the first purchase${perWeek(first)}, then ${money(renewal.price, currency)} ${every(plan)}${perWeek(renewal)}`
}

/** Lowest and highest subscription level among the plans. */
export function levelRange(plans: readonly Plan[]): { min: number; max: number } {
  const levels = plans.map((plan) => plan.level)
  return { min: Math.min(...levels), max: Math.max(...levels) }
}

/** How to reach the service: the address when known, else the footer's link. */
export const contact = (context: PolicyContext) =>
  context.supportEmail ? `by email at ${context.supportEmail}` : 'through the Contact us link at the bottom of every page'

/** The effective-date line, when the site gives a date. */
export const effective = (context: PolicyContext) => (context.effectiveDate ? [`Effective date: ${context.effectiveDate}.`] : [])
