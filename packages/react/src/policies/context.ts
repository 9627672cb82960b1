import { MATURE_AGE, MINIMUM_AGE, PLANS, POLICY, type Plan } from '@comics/core'
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
 * One plan as the documents list it, prices from core.
 * @example planLine(PLANS[1], 'USD')
 * // '4 weeks (level 2): $13.49 for the first purchase, then $15.99 every 4 weeks (about $3.35 per week)'
 */
export function planLine(plan: Plan, currency: string): string {
  const head = `${plan.duration} (level ${plan.level}): `
  const perWeek = plan.weeks > 1 ? ` (about ${money(plan.pricePerWeek, currency)} per week)` : ''
  return plan.price === plan.renewalPrice
    ? `${head}${money(plan.price, currency)} ${every(plan)}${perWeek}`
    : `${head}${money(plan.price, currency)} for the first purchase, then ${money(plan.renewalPrice, currency)} ${every(plan)}${perWeek}`
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
