// The Firebase adapter of the AuthService: the entry `@comics/core/firebase`. The SDK is imported
// dynamically on first need, so creating the service costs nothing and the session restored from
// storage is usable before Firebase loads. Only types are imported statically.
import type { FirebaseApp } from 'firebase/app'
import type { Auth, AuthProvider, Unsubscribe, User } from 'firebase/auth'
import type { AuthUser, SessionStore } from '../stores/session'
import { isEmailSignInLink } from './action-link-read'
import { toAuthUser } from './auth-user'
import { AuthError, noAuthenticatedUserError, toAuthError, unsupportedProviderError } from './errors'
import { isSocialProvider, socialProviderOf, type AuthService, type SocialProvider } from './service'
import { createTokenSync } from './token-sync'

export interface FirebaseAuthConfig {
  /** The web app's Firebase config (a partner's own project, or `demo-comics` on the emulator). */
  firebase: { apiKey: string; authDomain?: string; projectId: string; appId?: string }
  /** The Auth emulator, such as 'http://127.0.0.1:9099'. */
  emulatorUrl?: string
  /** Receives user and token on every auth-state change. */
  session: SessionStore
  /** Where the token is POSTed on sign-in and refresh and DELETEd on logout; no sync without it. */
  tokenSyncUrl?: string
  /** For the token sync; defaults to the global fetch. */
  fetch?: typeof fetch
  /** Clock for the token's age; defaults to Date.now. */
  now?: () => number
  /** The Firebase app to create or reuse; defaults to the default app. */
  appName?: string
  /** Where logout, token and sync failures are logged; defaults to console. */
  logger?: Pick<Console, 'error'>
}

type FirebaseAppSdk = typeof import('firebase/app')
type FirebaseAuthSdk = typeof import('firebase/auth')

interface LoadedFirebase {
  sdk: FirebaseAuthSdk
  app: FirebaseApp
  auth: Auth
  /** False when the app already existed, so dispose leaves it alone. */
  ownsApp: boolean
  stopFollowing: Unsubscribe
  appSdk: FirebaseAppSdk
}

const DEFAULT_APP_NAME = '[DEFAULT]'

/**
 * The provider objects of spec §9. Their popup opens at the SDK's default size, 500x600, which is
 * AUTH_POPUP_SIZE.
 */
function providerFor(sdk: FirebaseAuthSdk, provider: SocialProvider): AuthProvider {
  switch (provider) {
    case 'google':
      return new sdk.GoogleAuthProvider()
    case 'apple': {
      const apple = new sdk.OAuthProvider('apple.com')
      apple.addScope('email')
      apple.addScope('name')
      return apple
    }
    case 'facebook':
      return new sdk.FacebookAuthProvider()
    case 'twitter':
      return new sdk.TwitterAuthProvider()
  }
}

/**
 * Sign-in and session on Firebase Authentication (modular SDK, loaded on first use).
 * @example
 * const session = createSessionStore(createBrowserStorage())
 * const auth = createFirebaseAuth({
 *   firebase: { apiKey: 'demo-api-key', projectId: 'demo-comics' },
 *   emulatorUrl: 'http://127.0.0.1:9099',
 *   session,
 * })
 * await auth.signInWithEmail('reader@example.com', 'secret-1')
 * session.getSnapshot().signedIn // true
 */
export function createFirebaseAuth(config: FirebaseAuthConfig): AuthService {
  const { session } = config
  const logger = config.logger ?? console
  let loading: Promise<LoadedFirebase> | undefined

  const tokenSync = createTokenSync({
    url: config.tokenSyncUrl,
    fetch: config.fetch,
    now: config.now,
    async refreshToken() {
      const { auth } = await load()
      if (!auth.currentUser) throw noAuthenticatedUserError()
      return auth.currentUser.getIdToken(true)
    },
  })
  const publishToken = (token: string) =>
    tokenSync.publish(token).catch((error: unknown) => logger.error('Token sync (POST) failed', error))

  /**
   * Auth-state changes are applied one after another, in the order they happened, so the session always
   * ends on the latest state.
   */
  let applied: Promise<void> = Promise.resolve()
  const applyAuthState = (user: User | null): Promise<void> => {
    applied = applied.then(async () => {
      if (!user) {
        session.clear()
        return
      }
      try {
        const token = await user.getIdToken()
        session.set(toAuthUser(user), token)
        void publishToken(token)
      } catch (error) {
        // spec §4: on error both user and token are cleared
        session.clear()
        logger.error('Fetching the token after an auth-state change failed', toAuthError(error))
      }
    })
    return applied
  }

  function load(): Promise<LoadedFirebase> {
    loading ??= (async () => {
      const [appSdk, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')])
      const name = config.appName ?? DEFAULT_APP_NAME
      const existing = appSdk.getApps().find((app) => app.name === name)
      const { apiKey, authDomain, projectId, appId } = config.firebase
      const app =
        existing ??
        appSdk.initializeApp(
          { apiKey, projectId, ...(authDomain ? { authDomain } : {}), ...(appId ? { appId } : {}) },
          name,
        )
      const auth = sdk.getAuth(app)
      if (config.emulatorUrl && !auth.emulatorConfig) {
        sdk.connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true })
      }
      // onIdTokenChanged covers sign-in, sign-out and token refresh.
      const stopFollowing = sdk.onIdTokenChanged(auth, (user) => void applyAuthState(user))
      return { sdk, app, auth, ownsApp: existing === undefined, stopFollowing, appSdk }
    })().catch((error: unknown) => {
      loading = undefined
      throw toAuthError(error)
    })
    return loading
  }

  /** Loads the SDK and waits until Firebase has restored its own persisted user. */
  async function ready(): Promise<LoadedFirebase> {
    const loaded = await load()
    await loaded.auth.authStateReady()
    return loaded
  }

  /** After a sign-in: the session holds user and token before the call returns. */
  async function signedIn(user: User): Promise<AuthUser> {
    await applyAuthState(user)
    return toAuthUser(user)
  }

  /**
   * spec §8: 'auth/password-does-not-meet-requirements' refreshes the password policy. The SDK does it
   * itself after sign-in and sign-up but not after updatePassword; `_updatePasswordPolicy` is the step
   * its own recache runs, and validatePassword loads a policy that was never fetched.
   */
  async function refreshPasswordPolicy({ sdk, auth }: LoadedFirebase, password: string) {
    try {
      await (auth as Auth & { _updatePasswordPolicy?: () => Promise<void> })._updatePasswordPolicy?.()
      await sdk.validatePassword(auth, password)
    } catch {
      /* the policy stays as it was; the original error is what the caller needs */
    }
  }

  async function withAuthErrors<T>(run: () => Promise<T>, password?: string): Promise<T> {
    try {
      return await run()
    } catch (error) {
      const authError = toAuthError(error)
      if (authError.code === 'auth/password-does-not-meet-requirements' && password !== undefined && loading) {
        await refreshPasswordPolicy(await loading, password)
      }
      throw authError
    }
  }

  /** The signed-in user after re-verifying `password` with a fresh sign-in (spec §5's change password does the same). */
  async function reauthenticated({ sdk, auth }: LoadedFirebase, password: string): Promise<User> {
    const user = auth.currentUser
    if (!user) throw noAuthenticatedUserError()
    if (!user.email) {
      throw new AuthError('auth/argument-error', { message: 'The account has no email to re-verify the password with' })
    }
    await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(user.email, password))
    return user
  }

  return {
    signInWithEmail: (email, password) =>
      withAuthErrors(async () => {
        const { sdk, auth } = await load()
        return signedIn((await sdk.signInWithEmailAndPassword(auth, email, password)).user)
      }),

    signUpWithEmail: (email, password) =>
      withAuthErrors(async () => {
        const { sdk, auth } = await load()
        return signedIn((await sdk.createUserWithEmailAndPassword(auth, email, password)).user)
      }),

    signInWithProvider: (provider) =>
      withAuthErrors(async () => {
        if (!isSocialProvider(provider)) throw unsupportedProviderError()
        const { sdk, auth } = await load()
        return signedIn((await sdk.signInWithPopup(auth, providerFor(sdk, provider))).user)
      }),

    sendSignInLink: (email, continueUrl) =>
      withAuthErrors(async () => {
        const { sdk, auth } = await load()
        await sdk.sendSignInLinkToEmail(auth, email, { url: continueUrl, handleCodeInApp: true })
      }),

    isSignInLink: (url) => isEmailSignInLink(url),

    signInWithLink: (email, url) =>
      withAuthErrors(async () => {
        const { sdk, auth } = await load()
        try {
          return signedIn((await sdk.signInWithEmailLink(auth, email, url)).user)
        } catch (error) {
          // The provider answers a well-formed address other than the link's as an invalid email.
          const authError = toAuthError(error)
          if (authError.code === 'auth/invalid-email') {
            throw new AuthError('auth/email-link-mismatch', { cause: error })
          }
          throw authError
        }
      }),

    sendPasswordReset: (email, continueUrl) =>
      withAuthErrors(async () => {
        const { sdk, auth } = await load()
        try {
          await sdk.sendPasswordResetEmail(auth, email, { url: continueUrl })
        } catch (error) {
          // No account enumeration: an unknown address is answered like a known one.
          if (toAuthError(error).code !== 'auth/user-not-found') throw error
        }
      }),

    checkPasswordResetCode: (oobCode) =>
      withAuthErrors(async () => {
        const { sdk, auth } = await load()
        return sdk.verifyPasswordResetCode(auth, oobCode)
      }),

    resetPassword: (oobCode, newPassword) =>
      withAuthErrors(async () => {
        const { sdk, auth } = await load()
        const email = await sdk.verifyPasswordResetCode(auth, oobCode)
        await sdk.confirmPasswordReset(auth, oobCode, newPassword)
        return signedIn((await sdk.signInWithEmailAndPassword(auth, email, newPassword)).user)
      }, newPassword),

    sendEmailVerification: (continueUrl) =>
      withAuthErrors(async () => {
        const { sdk, auth } = await ready()
        if (!auth.currentUser) throw noAuthenticatedUserError()
        await sdk.sendEmailVerification(auth.currentUser, { url: continueUrl })
      }),

    confirmEmail: (oobCode) =>
      withAuthErrors(async () => {
        const { sdk, auth } = await ready()
        await sdk.applyActionCode(auth, oobCode)
        const user = auth.currentUser
        if (user) {
          // The ID token carries email_verified: reload the user and take a fresh token into the session.
          try {
            await user.reload()
            await user.getIdToken(true)
            await applyAuthState(user)
          } catch (error) {
            // A change of address revokes the reader's sessions: the code was applied, sign in again.
            const { code } = toAuthError(error)
            if (code !== 'auth/user-token-expired' && code !== 'auth/user-not-found') throw error
            await sdk.signOut(auth)
            await applied
          }
        }
      }),

    reauthenticate: (password) =>
      withAuthErrors(async () => {
        const loaded = await ready()
        if (password !== undefined) {
          await applyAuthState(await reauthenticated(loaded, password))
          return
        }
        const user = loaded.auth.currentUser
        if (!user) throw noAuthenticatedUserError()
        const social = user.providerData.map((entry) => socialProviderOf(entry.providerId)).find((name) => name !== null)
        if (!social) throw new AuthError('auth/missing-password')
        await loaded.sdk.reauthenticateWithPopup(user, providerFor(loaded.sdk, social))
        await applyAuthState(user)
      }),

    changeEmail: (password, newEmail, continueUrl) =>
      withAuthErrors(async () => {
        const loaded = await ready()
        const current = loaded.auth.currentUser
        if (!current) throw noAuthenticatedUserError()
        if (!current.emailVerified) throw new AuthError('auth/email-not-verified')
        const user = await reauthenticated(loaded, password)
        await loaded.sdk.verifyBeforeUpdateEmail(user, newEmail, { url: continueUrl })
      }),

    changePassword: (oldPassword, newPassword) =>
      withAuthErrors(async () => {
        const loaded = await ready()
        // spec §5: the old password is re-verified by signing in again before the update
        const user = await reauthenticated(loaded, oldPassword)
        await loaded.sdk.updatePassword(user, newPassword)
        await applyAuthState(user)
      }, newPassword),

    async logout() {
      try {
        const { sdk, auth } = await ready()
        const user = auth.currentUser
        const token = user ? await user.getIdToken().catch(() => session.getSnapshot().token) : session.getSnapshot().token
        if (token) await tokenSync.revoke(token).catch((error: unknown) => logger.error('Token sync (DELETE) failed', error))
        session.clear()
        await sdk.signOut(auth)
        await applied
      } catch (error) {
        const authError = toAuthError(error)
        logger.error('Logout failed', authError)
        throw authError
      } finally {
        session.clear()
      }
    },

    async getToken(forceRefresh = false) {
      try {
        const { auth } = await ready()
        if (!auth.currentUser) throw noAuthenticatedUserError()
        return await auth.currentUser.getIdToken(forceRefresh)
      } catch (error) {
        const authError = toAuthError(error)
        logger.error('Getting the token failed', authError)
        throw authError
      }
    },

    async start() {
      await ready()
      await applied
    },

    async dispose() {
      const current = loading
      loading = undefined
      if (!current) return
      const loaded = await current.catch(() => undefined)
      if (!loaded) return
      loaded.stopFollowing()
      await applied
      if (loaded.ownsApp) await loaded.appSdk.deleteApp(loaded.app)
    },
  }
}
