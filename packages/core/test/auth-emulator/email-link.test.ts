import { beforeEach, describe, expect, inject, it } from 'vitest'
import { AuthError, STORAGE_KEYS, parseActionLink } from '@comics/core'
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

  it('a page that is not a sign-in link is not taken for one', () => {
    const { auth } = createEmulatorAuth()
    expect(auth.isSignInLink(CONTINUE_URL)).toBe(false)
  })
})
