/** The fields of a subscription the rules read. */
export interface SubscriptionRef {
  status: string
  level: number
  currentPeriodEnd?: string
}

/** The status that grants access (spec §3, §4). */
export const ACTIVE_STATUS = 'active'

/**
 * The subscription in force at `now`: among those with status `active` whose `currentPeriodEnd` (when
 * given) is still ahead, the one of the highest level; the later period end breaks a tie. A period that
 * ends exactly at `now` has ended. `undefined` when none is in force (spec §4 "Subscription level").
 * @example subscriptionInForce([{ status: 'active', level: 2, currentPeriodEnd: '2030-01-01T00:00:00Z' }])?.level // 2
 */
export function subscriptionInForce<T extends SubscriptionRef>(
  subscriptions: readonly T[],
  now: Date = new Date(),
): T | undefined {
  let inForce: T | undefined
  for (const s of subscriptions) {
    if (s.status !== ACTIVE_STATUS) continue
    if (s.currentPeriodEnd && Date.parse(s.currentPeriodEnd) <= now.getTime()) continue
    if (!inForce || s.level > inForce.level || (s.level === inForce.level && endOf(s) > endOf(inForce))) inForce = s
  }
  return inForce
}

/** A period end as a number, an open-ended subscription last of all. */
const endOf = (s: SubscriptionRef) => (s.currentPeriodEnd ? Date.parse(s.currentPeriodEnd) : Number.POSITIVE_INFINITY)

/**
 * The level in force: that of {@link subscriptionInForce}, 0 when there is none (spec §4 "Subscription level").
 * @example activeLevel([{ status: 'active', level: 2 }]) // 2
 */
export function activeLevel(subscriptions: readonly SubscriptionRef[], now: Date = new Date()): number {
  return subscriptionInForce(subscriptions, now)?.level ?? 0
}

/** The lowest level of a subscription: a level below it (0) means none (spec §4). */
export const SUBSCRIBED_MIN_LEVEL = 1

/**
 * Whether a level in force is a subscription at all: level 1 or above (spec §4 "Subscription level").
 * @example hasSubscription(0) // false
 */
export function hasSubscription(level: number): boolean {
  return level >= SUBSCRIBED_MIN_LEVEL
}

const WEEK_MS = 7 * 86_400_000

/**
 * The end of a paid period of `weeks` weeks starting at `start` (a plan's weeks, spec §9).
 * @example subscriptionPeriodEnd(new Date('2026-01-01T00:00:00Z'), 1).toISOString() // '2026-01-08T00:00:00.000Z'
 */
export function subscriptionPeriodEnd(start: Date, weeks: number): Date {
  return new Date(start.getTime() + weeks * WEEK_MS)
}

/** Hours of notice a cancellation needs before the period end to stop the next renewal (spec §9). */
export const CANCELLATION_NOTICE_HOURS = 24

/**
 * The effect of cancelling at `cancelledAt` a period ending at `periodEnd`: access stays until the
 * period end; with less than 24 hours' notice the subscription still renews once (spec §4, §9).
 */
export function cancellationOutcome(periodEnd: Date, cancelledAt: Date): { renewsOnce: boolean; accessUntil: Date } {
  const noticeMs = periodEnd.getTime() - cancelledAt.getTime()
  return {
    renewsOnce: noticeMs < CANCELLATION_NOTICE_HOURS * 3_600_000,
    accessUntil: periodEnd,
  }
}
