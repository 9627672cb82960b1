import { AUTH_MESSAGES, type AuthMessageKey } from './messages'

/**
 * Every provider error code the kit knows, with its message key: the codes of spec §8, those the SDK
 * returns for common mistakes, and the kit's own ('auth/unsupported-provider', 'auth/no-authenticated-user').
 */
export const AUTH_ERROR_MESSAGE_KEYS = Object.freeze({
  // spec §8
  'auth/multi-factor-auth-required': 'auth.multiFactorRequired',
  'auth/password-does-not-meet-requirements': 'auth.passwordRequirements',
  'auth/user-mismatch': 'auth.userMismatch',
  'auth/unauthorized-domain': 'auth.unauthorizedDomain',
  'auth/popup-blocked': 'auth.popupBlocked',
  'auth/popup-closed-by-user': 'auth.popupClosed',
  'auth/cancelled-popup-request': 'auth.popupCancelled',
  'auth/web-storage-unsupported': 'auth.storageUnsupported',
  'auth/network-request-failed': 'auth.network',
  'auth/invalid-api-key': 'auth.configuration',
  'auth/internal-error': 'auth.internal',
  'auth/argument-error': 'auth.invalidRequest',
  'auth/operation-not-supported-in-this-environment': 'auth.environmentUnsupported',
  'auth/no-auth-event': 'auth.noAuthEvent',
  // what the SDK returns for common mistakes
  'auth/wrong-password': 'auth.wrongPassword',
  'auth/user-not-found': 'auth.userNotFound',
  'auth/email-already-in-use': 'auth.emailInUse',
  'auth/weak-password': 'auth.weakPassword',
  'auth/invalid-email': 'auth.invalidEmail',
  'auth/invalid-credential': 'auth.invalidCredential',
  'auth/too-many-requests': 'auth.tooManyRequests',
  'auth/missing-password': 'auth.missingPassword',
  'auth/user-disabled': 'auth.userDisabled',
  'auth/requires-recent-login': 'auth.recentLoginRequired',
  'auth/user-token-expired': 'auth.sessionEnded',
  'auth/invalid-action-code': 'auth.linkExpired',
  'auth/expired-action-code': 'auth.linkExpired',
  'auth/missing-email': 'auth.missingEmail',
  'auth/account-exists-with-different-credential': 'auth.accountExistsWithDifferentCredential',
  // the kit's own
  'auth/unsupported-provider': 'auth.unsupportedProvider',
  'auth/no-authenticated-user': 'auth.notSignedIn',
  'auth/email-link-mismatch': 'auth.emailLinkMismatch',
  'auth/email-not-verified': 'auth.emailNotVerified',
  'auth/unknown': 'auth.unknown',
} satisfies Record<string, AuthMessageKey>)

export type AuthErrorCode = keyof typeof AUTH_ERROR_MESSAGE_KEYS

/** Codes the SDK has used for the same mistake under another name. */
const CODE_ALIASES: Readonly<Record<string, AuthErrorCode>> = {
  'auth/invalid-login-credentials': 'auth/invalid-credential',
  'auth/invalid-password': 'auth/wrong-password',
  'auth/email-already-exists': 'auth/email-already-in-use',
}

const isAuthErrorCode = (code: string): code is AuthErrorCode => Object.hasOwn(AUTH_ERROR_MESSAGE_KEYS, code)

/**
 * An auth failure with a stable `code` and the `messageKey` of its user-facing text.
 * @example
 * try { await auth.signInWithEmail(email, password) }
 * catch (error) { if (error instanceof AuthError) show(AUTH_MESSAGES[error.messageKey]) }
 */
export class AuthError extends Error {
  override readonly name = 'AuthError'
  readonly code: AuthErrorCode
  readonly messageKey: AuthMessageKey
  /** The provider's own code when it is not one the kit knows (code is then 'auth/unknown'). */
  readonly providerCode: string | undefined

  constructor(code: AuthErrorCode, options: { message?: string; cause?: unknown; providerCode?: string } = {}) {
    const messageKey = AUTH_ERROR_MESSAGE_KEYS[code]
    super(options.message ?? AUTH_MESSAGES[messageKey], { cause: options.cause })
    this.code = code
    this.messageKey = messageKey
    this.providerCode = options.providerCode
  }
}

/**
 * The error thrown for a social provider other than google, apple, facebook or twitter (spec §8).
 * @example throw unsupportedProviderError()
 */
export const unsupportedProviderError = () =>
  new AuthError('auth/unsupported-provider', { message: 'Unsupported provider' })

/**
 * The error thrown when changing the password or getting a token without a user (spec §8).
 * @example if (!user) throw noAuthenticatedUserError()
 */
export const noAuthenticatedUserError = () =>
  new AuthError('auth/no-authenticated-user', { message: 'No authenticated user' })

/**
 * Turns whatever a provider threw into an `AuthError`. Codes come as the SDK writes them
 * ('auth/popup-blocked') or bare as spec §8 lists them ('popup-blocked').
 * @example toAuthError({ code: 'auth/wrong-password' }).messageKey // 'auth.wrongPassword'
 */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error
  const raw = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof raw !== 'string' || raw === '') return new AuthError('auth/unknown', { cause: error })
  const prefixed = raw.startsWith('auth/') ? raw : `auth/${raw}`
  const code = CODE_ALIASES[prefixed] ?? (isAuthErrorCode(prefixed) ? prefixed : undefined)
  return code === undefined
    ? new AuthError('auth/unknown', { cause: error, providerCode: raw })
    : new AuthError(code, { cause: error })
}
