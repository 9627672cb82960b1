import { useCallback, useState } from 'react'
import {
  ANALYTICS_EVENTS,
  AuthError,
  routes,
  toAuthError,
  type AuthService,
  type AuthUser,
  type SocialProvider,
} from '@comics/core'
import { SIGN_IN_MESSAGES } from '../messages'
import { useComicsContext } from './useComicsContext'
import { useMessages } from './useMessages'
import { verificationSent } from './verificationSent'

export interface AuthActions {
  /** Email and password sign-in; resolves to the user, or null with `error` set. */
  signIn(email: string, password: string): Promise<AuthUser | null>
  /** Creates an account and signs it in; resolves to the user, or null with `error` set. */
  signUp(email: string, password: string): Promise<AuthUser | null>
  /** Social sign-in in a popup; resolves to the user, or null with `error` set. */
  signInWithProvider(provider: SocialProvider): Promise<AuthUser | null>
  /**
   * Mails a sign-in link that brings the reader back to `continueUrl` (default the current page) and
   * remembers the address in this browser (`stores.signInEmail`); resolves to whether it was sent.
   */
  sendSignInLink(email: string, continueUrl?: string): Promise<boolean>
  /**
   * Finishes an email-link sign-in with the address the link was sent to; forgets the remembered address
   * and closes the auth modal. Resolves to the user, or null with `error` set.
   */
  signInWithLink(email: string, url: string): Promise<AuthUser | null>
  /**
   * Mails a password-reset link that returns to `continueUrl` (default the current page); resolves to
   * whether the request went out. An address without an account resolves true too (no account enumeration).
   */
  sendPasswordReset(email: string, continueUrl?: string): Promise<boolean>
  /** The address a password-reset code is for, or null with `error` set (a used or expired link). */
  checkPasswordResetCode(oobCode: string): Promise<string | null>
  /**
   * Sets the new password with the reset link's code and signs the reader in with it; resolves to the
   * user, or null with `error` set.
   */
  resetPassword(oobCode: string, newPassword: string): Promise<AuthUser | null>
  /**
   * Mails the signed-in reader a link that confirms their address, returning to `continueUrl` (default the
   * current page); resolves to whether it was sent.
   */
  sendEmailVerification(continueUrl?: string): Promise<boolean>
  /**
   * Applies the code of a confirmation link (a new account's address, or a changed one); resolves to
   * whether it worked.
   */
  confirmEmail(oobCode: string): Promise<boolean>
  /** Re-verifies the signed-in reader's password (a fresh sign-in); resolves to whether it worked. */
  reauthenticate(password: string): Promise<boolean>
  /**
   * Re-verifies the password, then mails `newEmail` the link that makes it the account's address (it
   * returns to `continueUrl`, default the current page); resolves to whether it was sent.
   */
  changeEmail(password: string, newEmail: string, continueUrl?: string): Promise<boolean>
  /** Signs out, clears the session and goes to / (spec §4). */
  logout(): Promise<void>
  /** Re-verifies the old password, then sets the new one; resolves to whether it worked. */
  changePassword(oldPassword: string, newPassword: string): Promise<boolean>
  /** True while an action runs. */
  pending: boolean
  /** The last action's failure; its text is `errorMessage`. */
  error: AuthError | null
  /** The user-facing text of `error`, from the provider's messages. */
  errorMessage: string | null
  clearError(): void
}

/** Without an AuthService there is no sign-in on this site: say so instead of crashing. */
const notConfigured = () =>
  new AuthError('auth/invalid-api-key', { message: 'No AuthService was given to ComicsProvider' })

/**
 * Sign-in, sign-up, social sign-in, email-link sign-in, password reset, email confirmation, change of
 * email, re-authentication, logout and change password over the provider's AuthService.
 * A successful sign-in records `auth_success` and closes the auth modal (spec §4). Failures never
 * throw into the UI: they are logged (spec §8) and exposed as `error` with `errorMessage`.
 * @example
 * const { signIn, pending, errorMessage } = useAuth()
 * <form onSubmit={(e) => { e.preventDefault(); void signIn(email, password) }}>
 *   {errorMessage && <p role="alert">{errorMessage}</p>}
 */
export function useAuth(): AuthActions {
  const { auth, analytics, authModal, navigate, stores } = useComicsContext('useAuth')
  const messages = useMessages(SIGN_IN_MESSAGES)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<AuthError | null>(null)

  const run = useCallback(
    async <T,>(action: (service: AuthService) => Promise<T>, label: string): Promise<{ ok: true; value: T } | { ok: false }> => {
      setPending(true)
      setError(null)
      try {
        if (!auth) throw notConfigured()
        return { ok: true, value: await action(auth) }
      } catch (caught) {
        const failure = toAuthError(caught)
        console.error(`${label} failed`, caught)
        setError(failure)
        return { ok: false }
      } finally {
        setPending(false)
      }
    },
    [auth],
  )

  const signedIn = useCallback(
    (method: string, mode: 'sign-in' | 'sign-up') => (user: AuthUser) => {
      analytics.track(ANALYTICS_EVENTS.authSuccess, { method, mode })
      authModal.close()
      return user
    },
    [analytics, authModal],
  )

  const signIn = useCallback(
    async (email: string, password: string) => {
      const result = await run((s) => s.signInWithEmail(email, password).then(signedIn('password', 'sign-in')), 'Sign-in')
      return result.ok ? result.value : null
    },
    [run, signedIn],
  )
  const signUp = useCallback(
    async (email: string, password: string) => {
      const result = await run(async (s) => {
        const user = signedIn('password', 'sign-up')(await s.signUpWithEmail(email, password))
        // The new address is asked to be confirmed at once; a failed send is offered again by the prompt.
        await s.sendEmailVerification(window.location.href).then(
          () => verificationSent.note(user.uid, Date.now()),
          (caught: unknown) => console.error('Sending the verification email after sign-up failed', caught),
        )
        return user
      }, 'Sign-up')
      return result.ok ? result.value : null
    },
    [run, signedIn],
  )
  const signInWithProvider = useCallback(
    async (provider: SocialProvider) => {
      const result = await run((s) => s.signInWithProvider(provider).then(signedIn(provider, 'sign-in')), 'Social sign-in')
      return result.ok ? result.value : null
    },
    [run, signedIn],
  )
  const sendSignInLink = useCallback(
    async (email: string, continueUrl?: string) => {
      const result = await run(async (s) => {
        await s.sendSignInLink(email, continueUrl ?? window.location.href)
        stores.signInEmail.remember(email)
      }, 'Sending the sign-in link')
      return result.ok
    },
    [run, stores.signInEmail],
  )
  const signInWithLink = useCallback(
    async (email: string, url: string) => {
      const result = await run(async (s) => {
        const user = await s.signInWithLink(email, url)
        stores.signInEmail.forget()
        return signedIn('emailLink', 'sign-in')(user)
      }, 'Email-link sign-in')
      return result.ok ? result.value : null
    },
    [run, signedIn, stores.signInEmail],
  )
  const sendPasswordReset = useCallback(
    async (email: string, continueUrl?: string) =>
      (await run((s) => s.sendPasswordReset(email, continueUrl ?? window.location.href), 'Sending the password reset')).ok,
    [run],
  )
  const checkPasswordResetCode = useCallback(
    async (oobCode: string) => {
      const result = await run((s) => s.checkPasswordResetCode(oobCode), 'Checking the password-reset link')
      return result.ok ? result.value : null
    },
    [run],
  )
  const resetPassword = useCallback(
    async (oobCode: string, newPassword: string) => {
      const result = await run(
        (s) => s.resetPassword(oobCode, newPassword).then(signedIn('passwordReset', 'sign-in')),
        'Password reset',
      )
      return result.ok ? result.value : null
    },
    [run, signedIn],
  )
  const sendEmailVerification = useCallback(
    async (continueUrl?: string) =>
      (await run((s) => s.sendEmailVerification(continueUrl ?? window.location.href), 'Sending the verification email')).ok,
    [run],
  )
  const confirmEmail = useCallback(
    async (oobCode: string) => (await run((s) => s.confirmEmail(oobCode), 'Confirming the email address')).ok,
    [run],
  )
  const reauthenticate = useCallback(
    async (password: string) => (await run((s) => s.reauthenticate(password), 'Re-authentication')).ok,
    [run],
  )
  const changeEmail = useCallback(
    async (password: string, newEmail: string, continueUrl?: string) =>
      (await run((s) => s.changeEmail(password, newEmail, continueUrl ?? window.location.href), 'Change email')).ok,
    [run],
  )
  const logout = useCallback(async () => {
    if (!auth) {
      // Nothing to sign out of: a session restored from storage still goes away.
      stores.session.clear()
      navigate(routes.home)
      return
    }
    const result = await run((s) => s.logout(), 'Logout')
    if (result.ok) navigate(routes.home)
  }, [auth, run, stores.session, navigate])
  const changePassword = useCallback(
    async (oldPassword: string, newPassword: string) =>
      (await run((s) => s.changePassword(oldPassword, newPassword), 'Change password')).ok,
    [run],
  )

  return {
    signIn,
    signUp,
    signInWithProvider,
    sendSignInLink,
    signInWithLink,
    sendPasswordReset,
    checkPasswordResetCode,
    resetPassword,
    sendEmailVerification,
    confirmEmail,
    reauthenticate,
    changeEmail,
    logout,
    changePassword,
    pending,
    error,
    errorMessage: error ? messages[error.messageKey] : null,
    clearError: useCallback(() => setError(null), []),
  }
}
