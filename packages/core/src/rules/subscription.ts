/** The fields of a subscription the rules read. */
export interface SubscriptionRef {
  status: string
  level: number
  currentPeriodEnd?: string
}

/** The status that grants access (spec §3, §4). */
export const ACTIVE_STATUS = 'active'

/**
 * The level in force: the highest level among the active subscriptions whose period has not ended,
 * 0 when there is none (spec §4 "Subscription level").
 * @example activeLevel([{ status: 'active', level: 2 }]) // 2
 */
export function activeLevel(subscriptions: readonly SubscriptionRef[], now: Date = new Date()): number {
  let level = 0
  for (const s of subscriptions) {
    if (s.status !== ACTIVE_STATUS) continue
    if (s.currentPeriodEnd && Date.parse(s.currentPeriodEnd) <= now.getTime()) continue
    level = Math.max(level, s.level)
  }
  return level
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
