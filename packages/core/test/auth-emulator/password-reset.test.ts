import { beforeEach, describe, expect, inject, it } from 'vitest'
import { AuthError, parseActionLink, passwordResetCodeOf } from '@comics/core'
import { clearAccounts, oobCodes } from '../../../../tools/auth-emulator/src/index'
import { createEmulatorAuth } from './emulator-auth'

const EMAIL = 'forgetful-reader@example.com'
const OLD_PASSWORD = 'old-secret-1'
const NEW_PASSWORD = 'new-secret-2'
const CONTINUE_URL = 'http://127.0.0.1:5173/account'

beforeEach(() => clearAccounts(inject('authEmulatorHost')))

const resetCodesFor = async (host: string, email: string) =>
  (await oobCodes(host)).filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')

async function resetLinkFor(host: string, email: string): Promise<string> {
  const latest = (await resetCodesFor(host, email)).at(-1)
  if (!latest) throw new Error(`no password-reset link was issued for ${email}`)
  return latest.oobLink
}

async function accountWithPassword() {
  const { auth } = createEmulatorAuth()
  await auth.signUpWithEmail(EMAIL, OLD_PASSWORD)
  await auth.logout()
}

describe('password reset on the Auth emulator', () => {
  it('mails a reset link for a known address; its code names the account, sets the new password and signs the reader in', async () => {
    await accountWithPassword()
    const { auth, session, host } = createEmulatorAuth()
    await auth.sendPasswordReset(EMAIL, CONTINUE_URL)
    const link = await resetLinkFor(host, EMAIL)
    expect(parseActionLink(link)).toMatchObject({ mode: 'resetPassword', continueUrl: CONTINUE_URL })
    const code = passwordResetCodeOf(link)
    expect(code).not.toBeNull()

    expect(await auth.checkPasswordResetCode(code!)).toBe(EMAIL)
    const user = await auth.resetPassword(code!, NEW_PASSWORD)
    expect(user.email).toBe(EMAIL)
    expect(session.getSnapshot()).toMatchObject({ signedIn: true, user: { email: EMAIL } })

    // The old password no longer signs in; the new one does.
    const { auth: other } = createEmulatorAuth()
    const old = await other.signInWithEmail(EMAIL, OLD_PASSWORD).catch((error: unknown) => error)
    expect(old).toBeInstanceOf(AuthError)
    expect((old as AuthError).code).toMatch(/auth\/(wrong-password|invalid-credential)/)
    await expect(other.signInWithEmail(EMAIL, NEW_PASSWORD)).resolves.toMatchObject({ email: EMAIL })
  })

  it('an address without an account gets the same answer as a known one, and no link is issued', async () => {
    const { auth, host } = createEmulatorAuth()
    await expect(auth.sendPasswordReset('nobody@example.com', CONTINUE_URL)).resolves.toBeUndefined()
    expect(await resetCodesFor(host, 'nobody@example.com')).toEqual([])
  })

  it('no address at all is still a typed error', async () => {
    const { auth } = createEmulatorAuth()
    const failure = await auth.sendPasswordReset('', CONTINUE_URL).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ code: 'auth/missing-email', messageKey: 'auth.missingEmail' })
  })

  it('a password the provider refuses is a typed error and leaves the code usable', async () => {
    await accountWithPassword()
    const { auth, session, host } = createEmulatorAuth()
    await auth.sendPasswordReset(EMAIL, CONTINUE_URL)
    const code = passwordResetCodeOf(await resetLinkFor(host, EMAIL))!

    const weak = await auth.resetPassword(code, '123').catch((error: unknown) => error)
    expect(weak).toBeInstanceOf(AuthError)
    expect(weak).toMatchObject({ code: 'auth/weak-password', messageKey: 'auth.weakPassword' })
    expect(session.getSnapshot().signedIn).toBe(false)

    await expect(auth.resetPassword(code, NEW_PASSWORD)).resolves.toMatchObject({ email: EMAIL })
  })

  it('a used code is refused with a typed error, when checked and when used', async () => {
    await accountWithPassword()
    const { auth, host } = createEmulatorAuth()
    await auth.sendPasswordReset(EMAIL, CONTINUE_URL)
    const code = passwordResetCodeOf(await resetLinkFor(host, EMAIL))!
    await auth.resetPassword(code, NEW_PASSWORD)

    const { auth: again } = createEmulatorAuth()
    for (const attempt of [again.checkPasswordResetCode(code), again.resetPassword(code, 'another-secret-3')]) {
      const failure = await attempt.catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(AuthError)
      expect(failure).toMatchObject({ code: 'auth/invalid-action-code', messageKey: 'auth.linkExpired' })
    }
  })
})
