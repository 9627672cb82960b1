import type { AuthUser } from '../stores/session'

/** The social providers of spec §9 (the modal shows Facebook, Google and Apple). */
export const SOCIAL_PROVIDERS = Object.freeze(['google', 'apple', 'facebook', 'twitter'] as const)
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/**
 * True for a provider the kit signs in with.
 * @example isSocialProvider('github') // false
 */
export const isSocialProvider = (value: unknown): value is SocialProvider =>
  typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value)

/**
 * The social provider of a provider id as accounts list them ('google.com'), or null for another
 * ('password', 'phone').
 * @example socialProviderOf('apple.com') // 'apple'
 */
export function socialProviderOf(providerId: string): SocialProvider | null {
  const name = providerId.replace(/\.com$/, '')
  return providerId.endsWith('.com') && isSocialProvider(name) ? name : null
}

/**
 * Sign-in and session over an identity provider. Every method that talks to the provider rejects with an
 * `AuthError`; each successful sign-in leaves user and token in the session store.
 * @example
 * const auth: AuthService = createFirebaseAuth({ firebase, session })
 * await auth.signInWithEmail('reader@example.com', 'secret-1')
 * session.getSnapshot().signedIn // true
 */
export interface AuthService {
  /** Email and password sign-in. */
  signInWithEmail(email: string, password: string): Promise<AuthUser>
  /** Creates an email and password account and signs it in. */
  signUpWithEmail(email: string, password: string): Promise<AuthUser>
  /** Sign-in with a social provider in a popup; anything but google, apple, facebook, twitter throws 'Unsupported provider'. */
  signInWithProvider(provider: SocialProvider): Promise<AuthUser>
  /** Mails a sign-in link that returns to `continueUrl`. Keep the email to finish with `signInWithLink`. */
  sendSignInLink(email: string, continueUrl: string): Promise<void>
  /** True when `url` is an email sign-in link. */
  isSignInLink(url: string): boolean
  /**
   * Finishes an email-link sign-in with the address the link was sent to: 'auth/email-link-mismatch' for
   * another address, 'auth/invalid-action-code' for a used or expired link.
   */
  signInWithLink(email: string, url: string): Promise<AuthUser>
  /**
   * Mails a password-reset link that returns to `continueUrl`. An address without an account is answered
   * exactly as one with an account (no account enumeration): the call resolves either way.
   */
  sendPasswordReset(email: string, continueUrl: string): Promise<void>
  /** The address a password-reset code was sent to; 'auth/invalid-action-code' for a used or expired code. */
  checkPasswordResetCode(oobCode: string): Promise<string>
  /** Sets `newPassword` with the reset link's code, then signs the reader in with it. */
  resetPassword(oobCode: string, newPassword: string): Promise<AuthUser>
  /** Mails the signed-in reader a link that confirms their address and returns to `continueUrl`. */
  sendEmailVerification(continueUrl: string): Promise<void>
  /**
   * Confirms an address with the code of a verification link (mode verifyEmail) or of a change of address
   * (mode verifyAndChangeEmail); a signed-in reader's session then shows it verified. A change of address
   * ends the reader's sessions (the provider revokes them): the session is then cleared, to sign in again
   * with the new address. 'auth/invalid-action-code' for a used or expired code.
   */
  confirmEmail(oobCode: string): Promise<void>
  /**
   * Signs the reader in again (the token's `auth_time` is now) before an action that needs a recent
   * sign-in, such as deleting the account: with `password` for an email account ('auth/wrong-password' or
   * 'auth/invalid-credential' when wrong), or without it in a popup of the social provider the account
   * first signed in with. The session holds the fresh token when it resolves.
   */
  reauthenticate(password?: string): Promise<void>
  /**
   * Changes the address: re-verifies the password, then mails `newEmail` a link that confirms it and only
   * then replaces the old one (the link returns to `continueUrl`). The current address must be verified
   * first ('auth/email-not-verified'); 'auth/email-already-in-use' for an address of another account.
   */
  changeEmail(password: string, newEmail: string, continueUrl: string): Promise<void>
  /** Re-verifies the old password by signing in again, then sets the new one; 'No authenticated user' without a user. */
  changePassword(oldPassword: string, newPassword: string): Promise<void>
  /** Clears user and token (and `authUser`, `authToken`) and signs out of the provider; errors are logged and rethrown. */
  logout(): Promise<void>
  /** The current ID token, refreshed when `forceRefresh`; 'No authenticated user' without a user. */
  getToken(forceRefresh?: boolean): Promise<string>
  /** Loads the provider and follows its auth state; the other methods do this on first use too. */
  start(): Promise<void>
  /** Stops following the auth state and releases the provider. */
  dispose(): Promise<void>
}
