/** The provider id of an email-and-password account. */
export const PASSWORD_PROVIDER_ID = 'password'

/**
 * Whether the account page offers the masked password row and Change Password: only when the user's
 * first sign-in provider is password (spec §2 "INFO", §6). Social accounts have no password to change.
 * @example canChangePassword({ providerData: [{ providerId: 'password' }] }) // true
 */
export function canChangePassword(user: { providerData: readonly { providerId: string }[] } | null | undefined): boolean {
  return user?.providerData[0]?.providerId === PASSWORD_PROVIDER_ID
}

/**
 * How recent a sign-in must be to delete the account: the reader re-authenticates just before, and the
 * API refuses an older token (a token left on a shared computer cannot erase anyone).
 */
export const RECENT_SIGN_IN_MAX_AGE_MS = 5 * 60_000

/**
 * True when a sign-in at `authTimeSeconds` (the token's `auth_time`, seconds since the epoch) is recent
 * enough to delete the account at `now`. A clock a little behind the provider's still counts as recent.
 * @example isRecentSignIn(Date.now() / 1000 - 60, new Date()) // true
 */
export function isRecentSignIn(authTimeSeconds: number, now: Date): boolean {
  return now.getTime() - authTimeSeconds * 1000 <= RECENT_SIGN_IN_MAX_AGE_MS
}

/**
 * How long to wait between two verification emails: the kit's resend button stays disabled this long
 * after a send (the provider has its own, stricter limits too, answered as 'Too many attempts').
 */
export const VERIFICATION_RESEND_COOLDOWN_MS = 60_000

/**
 * Milliseconds left before another verification email may be asked for, 0 when it may now.
 * @example verificationResendWait(Date.parse('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:20Z')) // 40000
 */
export function verificationResendWait(lastSentAt: number | null, now: Date): number {
  if (lastSentAt === null) return 0
  const elapsed = now.getTime() - lastSentAt
  // A send "in the future" (a clock set back) waits the full cooldown, never longer.
  if (elapsed < 0) return VERIFICATION_RESEND_COOLDOWN_MS
  return Math.max(0, VERIFICATION_RESEND_COOLDOWN_MS - elapsed)
}

/**
 * Whether the reader must confirm their address: a password account whose address is not verified yet
 * (social providers vouch for theirs). An unverified reader may read and subscribe; changing the address
 * needs the current one confirmed (docs/decisions.md, "Accounts").
 * @example needsEmailVerification({ emailVerified: false, providerData: [{ providerId: 'password' }] }) // true
 */
export function needsEmailVerification(
  user: { emailVerified: boolean; providerData: readonly { providerId: string }[] } | null | undefined,
): boolean {
  return Boolean(user && !user.emailVerified && user.providerData.some((provider) => provider.providerId === PASSWORD_PROVIDER_ID))
}
