import { describe, expect, it } from 'vitest'
import { canChangePassword, isRecentSignIn, needsEmailVerification, RECENT_SIGN_IN_MAX_AGE_MS, VERIFICATION_RESEND_COOLDOWN_MS, verificationResendWait } from '@comics/core/rules'

describe('canChangePassword (spec §2 INFO, §6)', () => {
  it('offers it only when the first sign-in provider is password', () => {
    expect(canChangePassword({ providerData: [{ providerId: 'password' }] })).toBe(true)
    expect(canChangePassword({ providerData: [{ providerId: 'google.com' }, { providerId: 'password' }] })).toBe(false)
    expect(canChangePassword({ providerData: [] })).toBe(false)
    expect(canChangePassword(null)).toBe(false)
  })
})

describe('isRecentSignIn (deleting the account)', () => {
  const now = new Date('2026-05-01T12:00:00Z')
  const secondsAgo = (ms: number) => (now.getTime() - ms) / 1000
  it('accepts a sign-in up to 5 minutes old, and one a little ahead of this clock', () => {
    expect(RECENT_SIGN_IN_MAX_AGE_MS).toBe(300_000)
    expect(isRecentSignIn(secondsAgo(0), now)).toBe(true)
    expect(isRecentSignIn(secondsAgo(RECENT_SIGN_IN_MAX_AGE_MS), now)).toBe(true)
    expect(isRecentSignIn(secondsAgo(-30_000), now)).toBe(true)
  })
  it('refuses an older one', () => {
    expect(isRecentSignIn(secondsAgo(RECENT_SIGN_IN_MAX_AGE_MS + 1000), now)).toBe(false)
    expect(isRecentSignIn(secondsAgo(3_600_000), now)).toBe(false)
  })
})

describe('verificationResendWait (the resend button of the email confirmation)', () => {
  const sent = Date.parse('2026-05-01T12:00:00Z')
  it('counts down a minute from the last send, nothing before the first', () => {
    expect(verificationResendWait(null, new Date(sent))).toBe(0)
    expect(verificationResendWait(sent, new Date(sent))).toBe(VERIFICATION_RESEND_COOLDOWN_MS)
    expect(verificationResendWait(sent, new Date(sent + 20_000))).toBe(40_000)
    expect(verificationResendWait(sent, new Date(sent + 60_000))).toBe(0)
    expect(verificationResendWait(sent, new Date(sent + 600_000))).toBe(0)
  })
  it('a send dated after now (a clock set back) waits the full cooldown, never more', () => {
    expect(verificationResendWait(sent + 3_600_000, new Date(sent))).toBe(VERIFICATION_RESEND_COOLDOWN_MS)
  })
})

describe('needsEmailVerification', () => {
  it('is true for a password account whose address is not confirmed', () => {
    expect(needsEmailVerification({ emailVerified: false, providerData: [{ providerId: 'password' }] })).toBe(true)
  })
  it('is false once confirmed, for social accounts, and signed out', () => {
    expect(needsEmailVerification({ emailVerified: true, providerData: [{ providerId: 'password' }] })).toBe(false)
    expect(needsEmailVerification({ emailVerified: false, providerData: [{ providerId: 'google.com' }] })).toBe(false)
    expect(needsEmailVerification(null)).toBe(false)
  })
})
