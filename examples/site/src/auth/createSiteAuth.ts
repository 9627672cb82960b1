import { isEmailSignInLink, type AuthService, type SessionStore } from '@comics/core'
import type { SiteEnv } from '../config/siteEnv'

/** The site's auth service, plus a way to load Firebase before the user acts. */
export interface SiteAuth extends AuthService {
  /**
   * Loads the SDK and follows its auth state. Called when the sign-in modal opens, so that a social
   * sign-in opens its popup straight from the click: a browser blocks a popup opened long after it.
   */
  preload(): Promise<void>
}

/**
 * The Firebase auth service of the site. The provider starts the service on mount; a visitor who has
 * never signed in has nothing to restore, so the start is skipped for them and the adapter
 * (`@comics/core/firebase`, then Firebase's SDK) loads when the sign-in modal opens or on the first auth
 * action instead: a guest's first load carries neither. A failed load is tried again on the next call.
 */
export function createSiteAuth(env: SiteEnv, session: SessionStore): SiteAuth {
  let loading: Promise<AuthService> | undefined
  const firebaseAuth = (): Promise<AuthService> => {
    loading ??= import('@comics/core/firebase').then(
      ({ createFirebaseAuth }) =>
        createFirebaseAuth({
          firebase: env.firebase,
          ...(env.authEmulatorUrl ? { emulatorUrl: env.authEmulatorUrl } : {}),
          session,
          ...(env.tokenSyncUrl ? { tokenSyncUrl: env.tokenSyncUrl } : {}),
        }),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return {
    signInWithEmail: (email, password) => firebaseAuth().then((auth) => auth.signInWithEmail(email, password)),
    signUpWithEmail: (email, password) => firebaseAuth().then((auth) => auth.signUpWithEmail(email, password)),
    signInWithProvider: (provider) => firebaseAuth().then((auth) => auth.signInWithProvider(provider)),
    sendSignInLink: (email, continueUrl) => firebaseAuth().then((auth) => auth.sendSignInLink(email, continueUrl)),
    // The same check as the adapter's, which needs no SDK.
    isSignInLink: (url) => isEmailSignInLink(url),
    signInWithLink: (email, url) => firebaseAuth().then((auth) => auth.signInWithLink(email, url)),
    sendPasswordReset: (email, continueUrl) => firebaseAuth().then((auth) => auth.sendPasswordReset(email, continueUrl)),
    checkPasswordResetCode: (oobCode) => firebaseAuth().then((auth) => auth.checkPasswordResetCode(oobCode)),
    resetPassword: (oobCode, newPassword) => firebaseAuth().then((auth) => auth.resetPassword(oobCode, newPassword)),
    sendEmailVerification: (continueUrl) => firebaseAuth().then((auth) => auth.sendEmailVerification(continueUrl)),
    confirmEmail: (oobCode) => firebaseAuth().then((auth) => auth.confirmEmail(oobCode)),
    reauthenticate: (password) => firebaseAuth().then((auth) => auth.reauthenticate(password)),
    changeEmail: (password, newEmail, continueUrl) => firebaseAuth().then((auth) => auth.changeEmail(password, newEmail, continueUrl)),
    changePassword: (oldPassword, newPassword) => firebaseAuth().then((auth) => auth.changePassword(oldPassword, newPassword)),
    logout: () => firebaseAuth().then((auth) => auth.logout()),
    getToken: (forceRefresh) => firebaseAuth().then((auth) => auth.getToken(forceRefresh)),
    start: () => (session.getSnapshot().user ? firebaseAuth().then((auth) => auth.start()) : Promise.resolve()),
    // Nothing to stop when it never loaded.
    dispose: () => (loading ? loading.then((auth) => auth.dispose()) : Promise.resolve()),
    preload: () => firebaseAuth().then((auth) => auth.start()),
  }
}
