import { beforeEach, describe, expect, inject, it } from 'vitest'
import {
  AUTH_MESSAGES,
  AuthError,
  SIGN_IN_EMAIL_KEY,
  STORAGE_KEYS,
  createMemoryStorage,
  createSignInEmailStore,
  parseActionLink,
  withoutActionLinkParams,
} from '@comics/core'
import { clearAccounts, oobCodes } from '../../../../tools/auth-emulator/src/index'
import { createEmulatorAuth } from './emulator-auth'

const EMAIL = 'link-reader@example.com'
const CONTINUE_URL = 'http://127.0.0.1:5173/account'

beforeEach(() => clearAccounts(inject('authEmulatorHost')))

async function signInLinkFor(host: string, email: string): Promise<string> {
  const codes = (await oobCodes(host)).filter((code) => code.email === email && code.requestType === 'EMAIL_SIGNIN')
  const latest = codes.at(-1)
  if (!latest) throw new Error(`no sign-in link was issued for ${email}`)
  return latest.oobLink
}

describe('email-link sign-in on the Auth emulator', () => {
  it('sends a link, recognises it and signs in with it', async () => {
    const { auth, session, storage, host } = createEmulatorAuth()
    await auth.sendSignInLink(EMAIL, CONTINUE_URL)
    const link = await signInLinkFor(host, EMAIL)

    expect(auth.isSignInLink(link)).toBe(true)
    expect(parseActionLink(link)).toMatchObject({ mode: 'signIn', continueUrl: CONTINUE_URL })
    const user = await auth.signInWithLink(EMAIL, link)
    expect(user).toMatchObject({ email: EMAIL, emailVerified: true })
    expect(session.getSnapshot().signedIn).toBe(true)
    expect(storage.getItem(STORAGE_KEYS.authToken)).not.toBeNull()
  })

  it('a used link gives a typed error', async () => {
    const { auth, host } = createEmulatorAuth()
    await auth.sendSignInLink(EMAIL, CONTINUE_URL)
    const link = await signInLinkFor(host, EMAIL)
    await auth.signInWithLink(EMAIL, link)

    const { auth: again } = createEmulatorAuth()
    const failure = await again.signInWithLink(EMAIL, link).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ code: 'auth/invalid-action-code', messageKey: 'auth.linkExpired' })
  })

  it('the link the reader comes back with (the continue URL plus the code) signs in with the email remembered at sending', async () => {
    // The browser that asked for the link keeps the address (createSignInEmailStore); the emulator's
    // action page sends the reader to the continue URL with mode, oobCode, apiKey and lang added.
    const browserStorage = createMemoryStorage()
    const signInEmail = createSignInEmailStore(browserStorage)
    const { auth, session, host } = createEmulatorAuth()
    await auth.sendSignInLink(EMAIL, CONTINUE_URL)
    signInEmail.remember(EMAIL)
    const action = await fetch(await signInLinkFor(host, EMAIL), { redirect: 'manual' })
    const landing = action.headers.get('location') ?? ''
    expect(landing.startsWith(`${CONTINUE_URL}?`)).toBe(true)
    expect(auth.isSignInLink(landing)).toBe(true)
    expect(withoutActionLinkParams(landing)).toBe(CONTINUE_URL)

    const remembered = createSignInEmailStore(browserStorage).getSnapshot()
    expect(remembered).toBe(EMAIL)
    await auth.signInWithLink(remembered!, landing)
    signInEmail.forget()
    expect(session.getSnapshot().user?.email).toBe(EMAIL)
    expect(browserStorage.getItem(SIGN_IN_EMAIL_KEY)).toBeNull()
  })

  it('another address than the link was sent to is refused with its own error, and the link still works after', async () => {
    const { auth, session, host } = createEmulatorAuth()
    await auth.sendSignInLink(EMAIL, CONTINUE_URL)
    const link = await signInLinkFor(host, EMAIL)

    const failure = await auth.signInWithLink('someone-else@example.com', link).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ code: 'auth/email-link-mismatch', messageKey: 'auth.emailLinkMismatch' })
    expect((failure as AuthError).message).toBe(AUTH_MESSAGES['auth.emailLinkMismatch'])
    expect(session.getSnapshot().signedIn).toBe(false)

    await auth.signInWithLink(EMAIL, link)
    expect(session.getSnapshot().user?.email).toBe(EMAIL)
  })

  it('sending a link without an address is a typed error', async () => {
    const { auth } = createEmulatorAuth()
    const failure = await auth.sendSignInLink('', CONTINUE_URL).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect((failure as AuthError).code).not.toBe('auth/unknown')
  })

  it('a page that is not a sign-in link is not taken for one', () => {
    const { auth } = createEmulatorAuth()
    expect(auth.isSignInLink(CONTINUE_URL)).toBe(false)
  })
})
