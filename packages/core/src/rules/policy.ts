/** Policy constants of spec §9. */
export const POLICY = Object.freeze({
  currency: 'USD',
  refundWindowDays: 120,
  refundReviewHours: 48,
  infoRequestReplyDays: 7,
  euWithdrawalDays: 14,
  californiaCancelBusinessDays: 3,
  californiaRefundDays: 10,
  liabilityCapUsd: 200,
  liabilityLookbackMonths: 6,
  cancellationNoticeHours: 24,
})

/** Minimum age for the site and for mature content (spec §1, §5). */
export const MINIMUM_AGE = 13
export const MATURE_AGE = 18

/** Whether someone of this age may use the site. */
export function canUseSite(age: number): boolean {
  return age >= MINIMUM_AGE
}

/** Whether someone of this age may see mature content (after confirming it). */
export function canViewMature(age: number): boolean {
  return age >= MATURE_AGE
}

const DAY_MS = 86_400_000

/** A refund request counts only within 120 calendar days of the card payment (spec §9). */
export function isRefundRequestInWindow(paidAt: Date, requestedAt: Date): boolean {
  const elapsed = requestedAt.getTime() - paidAt.getTime()
  return elapsed >= 0 && elapsed <= POLICY.refundWindowDays * DAY_MS
}

/** Liability cap: 200 dollars or the amount paid in the last 6 months, whichever is greater (spec §9). */
export function liabilityCap(paidLastSixMonthsUsd: number): number {
  return Math.max(POLICY.liabilityCapUsd, paidLastSixMonthsUsd)
}
