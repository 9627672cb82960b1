import { beforeEach, describe, expect, inject, it } from 'vitest'
import { AuthError, parseActionLink } from '@comics/core'
import { clearAccounts, oobCodes } from '../../../../tools/auth-emulator/src/index'
import { claimsOf, createEmulatorAuth } from './emulator-auth'

const EMAIL = 'new-reader@example.com'
const CONTINUE_URL = 'http://127.0.0.1:5173/account'

beforeEach(() => clearAccounts(inject('authEmulatorHost')))

async function verifyCodeFor(host: string, email: string): Promise<string> {
  const latest = (await oobCodes(host)).filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').at(-1)
  if (!latest) throw new Error(`no verification link was issued for ${email}`)
  return parseActionLink(latest.oobLink).oobCode
}

describe('email verification on the Auth emulator', () => {
  it('a new account is unverified; the mailed code confirms it and the session and token say so', async () => {
    const { auth, session, host } = createEmulatorAuth()
    const user = await auth.signUpWithEmail(EMAIL, 'secret-123')
    expect(user.emailVerified).toBe(false)

    await auth.sendEmailVerification(CONTINUE_URL)
    const code = await verifyCodeFor(host, EMAIL)
    await auth.confirmEmail(code)
    expect(session.getSnapshot().user?.emailVerified).toBe(true)
    expect(claimsOf(session.getSnapshot().token!).email_verified).toBe(true)
  })

  it('a used code is a typed error', async () => {
    const { auth, host } = createEmulatorAuth()
    await auth.signUpWithEmail(EMAIL, 'secret-123')
    await auth.sendEmailVerification(CONTINUE_URL)
    const code = await verifyCodeFor(host, EMAIL)
    await auth.confirmEmail(code)
    const failure = await auth.confirmEmail(code).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ code: 'auth/invalid-action-code' })
  })

  it('asking for a verification link signed out is a typed error', async () => {
    const { auth } = createEmulatorAuth()
    const failure = await auth.sendEmailVerification(CONTINUE_URL).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ code: 'auth/no-authenticated-user' })
  })
})
