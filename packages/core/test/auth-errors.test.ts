import { describe, expect, it } from 'vitest'
import {
  AUTH_MESSAGES,
  AuthError,
  noAuthenticatedUserError,
  toAuthError,
  unsupportedProviderError,
  type AuthErrorCode,
} from '@comics/core'

// spec §8, as the spec lists them (some without the 'auth/' prefix the SDK uses)
const SPEC_CODES = [
  'auth/multi-factor-auth-required',
  'auth/password-does-not-meet-requirements',
  'user-mismatch',
  'unauthorized-domain',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'web-storage-unsupported',
  'network-request-failed',
  'invalid-api-key',
  'internal-error',
  'argument-error',
  'operation-not-supported-in-this-environment',
  'no-auth-event',
]

describe('provider error codes', () => {
  it.each(SPEC_CODES)('maps %s, bare or prefixed, to a typed error with user-facing text', (code) => {
    const prefixed = code.startsWith('auth/') ? code : `auth/${code}`
    for (const thrown of [{ code }, { code: prefixed }]) {
      const error = toAuthError(thrown)
      expect(error).toBeInstanceOf(AuthError)
      expect(error.code).toBe(prefixed)
      expect(AUTH_MESSAGES[error.messageKey]).toMatch(/\w/)
      expect(error.messageKey).not.toBe('auth.unknown')
      expect(error.cause).toBe(thrown)
    }
  })

  it.each<[string, string]>([
    ['auth/wrong-password', 'Incorrect password.'],
    ['auth/user-not-found', 'No account exists with this email.'],
    ['auth/email-already-in-use', 'An account with this email already exists.'],
    ['auth/weak-password', 'The password is too weak. Use at least 6 characters.'],
    ['auth/invalid-email', 'The email address is not valid.'],
    ['auth/invalid-credential', 'The email or password is incorrect.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a moment and try again.'],
  ])('gives %s its own message', (code, text) => {
    const error = toAuthError({ code, message: 'Firebase: Error (internal wording).' })
    expect(error.code).toBe(code)
    expect(AUTH_MESSAGES[error.messageKey]).toBe(text)
    // the user-facing text never comes from the provider's exception
    expect(error.message).toBe(text)
  })

  it('reads the SDK’s older names for the same mistakes', () => {
    expect(toAuthError({ code: 'auth/invalid-login-credentials' }).code).toBe('auth/invalid-credential')
    expect(toAuthError({ code: 'auth/email-already-exists' }).code).toBe('auth/email-already-in-use')
  })

  it('keeps an unknown provider code and shows the generic message', () => {
    const error = toAuthError({ code: 'auth/quota-exceeded' })
    expect(error.code).toBe<AuthErrorCode>('auth/unknown')
    expect(error.providerCode).toBe('auth/quota-exceeded')
    expect(AUTH_MESSAGES[error.messageKey]).toBe('Something went wrong. Please try again.')
  })

  it.each([new TypeError('fetch failed'), 'boom', null, undefined, { code: 42 }])('turns %s into auth/unknown', (thrown) => {
    expect(toAuthError(thrown).code).toBe('auth/unknown')
  })

  it('returns an AuthError unchanged', () => {
    const error = new AuthError('auth/popup-blocked')
    expect(toAuthError(error)).toBe(error)
  })
})

describe('errors the kit throws (spec §8)', () => {
  it("'Unsupported provider' is a typed error with that message", () => {
    const error = unsupportedProviderError()
    expect(error).toBeInstanceOf(Error)
    expect(error).toBeInstanceOf(AuthError)
    expect(error.message).toBe('Unsupported provider')
    expect(error.code).toBe('auth/unsupported-provider')
    expect(AUTH_MESSAGES[error.messageKey]).toBe('This sign-in method is not available.')
  })

  it("'No authenticated user' is a typed error with that message", () => {
    const error = noAuthenticatedUserError()
    expect(error).toBeInstanceOf(AuthError)
    expect(error.message).toBe('No authenticated user')
    expect(error.code).toBe('auth/no-authenticated-user')
    expect(AUTH_MESSAGES[error.messageKey]).toBe('Please sign in first.')
  })
})
