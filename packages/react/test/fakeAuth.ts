import { vi } from 'vitest'
import { AuthError, type AuthErrorCode, type AuthService, type SessionStore } from '@comics/core'
import { MOCK_VIEWERS, type MockViewerKey } from '@comics/mocks'
import type { ComicsStores } from '../src/provider'

export interface FakeAuthOptions {
  /** Who a successful sign-in signs in as; default the reader without subscription. */
  signsInAs?: Exclude<MockViewerKey, 'guest'>
  /** Make every call fail with this provider error code. */
  failWith?: AuthErrorCode
}

/**
 * An AuthService for tests, built like the Firebase adapter from the provider's session store:
 * sign-ins put a fixture viewer in the session, logout clears it. Every method is a vi.fn.
 * @example
 * renderWithKit(<AuthModal />, { auth: fakeAuth({ failWith: 'auth/wrong-password' }) })
 */
export function fakeAuth(options: FakeAuthOptions = {}) {
  return ({ session }: ComicsStores): AuthService & { session: SessionStore } => {
    const viewer = MOCK_VIEWERS[options.signsInAs ?? 'reader']
    const settle = async () => {
      if (options.failWith) throw new AuthError(options.failWith)
      session.set(viewer.user!, viewer.token!)
      return viewer.user!
    }
    const fail = async () => {
      if (options.failWith) throw new AuthError(options.failWith)
    }
    return {
      session,
      signInWithEmail: vi.fn(settle),
      signUpWithEmail: vi.fn(settle),
      signInWithProvider: vi.fn(settle),
      sendSignInLink: vi.fn(fail),
      isSignInLink: vi.fn(() => false),
      signInWithLink: vi.fn(settle),
      sendPasswordReset: vi.fn(fail),
      checkPasswordResetCode: vi.fn(async () => {
        await fail()
        return viewer.user!.email ?? ''
      }),
      resetPassword: vi.fn(settle),
      sendEmailVerification: vi.fn(fail),
      confirmEmail: vi.fn(fail),
      reauthenticate: vi.fn(fail),
      changeEmail: vi.fn(fail),
      changePassword: vi.fn(fail),
      logout: vi.fn(async () => {
        await fail()
        session.clear()
      }),
      getToken: vi.fn(async () => session.getSnapshot().token ?? ''),
      start: vi.fn(async () => {}),
      dispose: vi.fn(async () => {}),
    }
  }
}
