import { beforeEach, describe, expect, inject, it } from 'vitest'
import { AuthError, parseActionLink } from '@comics/core'
import { clearAccounts, oobCodes } from '../../../../tools/auth-emulator/src/index'
import { claimsOf, createEmulatorAuth, pause } from './emulator-auth'

const EMAIL = 'changing-reader@example.com'
const NEW_EMAIL = 'changed-reader@example.com'
const PASSWORD = 'secret-123'
const CONTINUE_URL = 'http://127.0.0.1:5173/account'

beforeEach(() => clearAccounts(inject('authEmulatorHost')))

async function codeFor(host: string, email: string, requestType: string): Promise<string> {
  const latest = (await oobCodes(host)).filter((code) => code.email === email && code.requestType === requestType).at(-1)
  if (!latest) throw new Error(`no ${requestType} link was issued for ${email}: ${JSON.stringify(await oobCodes(host))}`)
  return parseActionLink(latest.oobLink).oobCode
}

/** A signed-up reader whose address is confirmed. */
async function verifiedReader() {
  const emulator = createEmulatorAuth()
  await emulator.auth.signUpWithEmail(EMAIL, PASSWORD)
  await emulator.auth.sendEmailVerification(CONTINUE_URL)
  await emulator.auth.confirmEmail(await codeFor(emulator.host, EMAIL, 'VERIFY_EMAIL'))
  return emulator
}

describe('re-authentication on the Auth emulator', () => {
  it('the right password gives the session a token of a fresh sign-in', async () => {
    const { auth, session } = createEmulatorAuth()
    await auth.signUpWithEmail(EMAIL, PASSWORD)
    const before = claimsOf(session.getSnapshot().token!).auth_time as number
    // auth_time counts seconds: wait for the next one.
    await pause(1100)
    await auth.reauthenticate(PASSWORD)
    const after = claimsOf(session.getSnapshot().token!).auth_time as number
    expect(after).toBeGreaterThan(before)
  })

  it('a wrong password is a typed error and the session stays signed in', async () => {
    const { auth, session } = createEmulatorAuth()
    await auth.signUpWithEmail(EMAIL, PASSWORD)
    const failure = await auth.reauthenticate('not-the-password').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect(['auth/wrong-password', 'auth/invalid-credential']).toContain((failure as AuthError).code)
    expect(session.getSnapshot().signedIn).toBe(true)
  })
})

describe('change of email on the Auth emulator', () => {
  it('mails the new address; its link replaces the old address, which then no longer signs in', async () => {
    const { auth, session, host } = await verifiedReader()
    await auth.changeEmail(PASSWORD, NEW_EMAIL, CONTINUE_URL)
    // Nothing changes until the new address is confirmed.
    expect(session.getSnapshot().user?.email).toBe(EMAIL)
    // The emulator files the change's link under the account's current address.
    const code = await codeFor(host, EMAIL, 'VERIFY_AND_CHANGE_EMAIL')
    expect((await oobCodes(host)).find((link) => link.requestType === 'VERIFY_AND_CHANGE_EMAIL')?.oobLink).toContain('continueUrl=')
    await auth.confirmEmail(code)

    const fresh = createEmulatorAuth()
    const user = await fresh.auth.signInWithEmail(NEW_EMAIL, PASSWORD)
    expect(user).toMatchObject({ email: NEW_EMAIL, emailVerified: true })
    const old = await createEmulatorAuth().auth.signInWithEmail(EMAIL, PASSWORD).catch((error: unknown) => error)
    expect(old).toBeInstanceOf(AuthError)
  })

  it('needs the current address confirmed first, and sends nothing until it is', async () => {
    const { auth, host } = createEmulatorAuth()
    await auth.signUpWithEmail(EMAIL, PASSWORD)
    const failure = await auth.changeEmail(PASSWORD, NEW_EMAIL, CONTINUE_URL).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ code: 'auth/email-not-verified' })
    expect((await oobCodes(host)).filter((code) => code.requestType === 'VERIFY_AND_CHANGE_EMAIL')).toEqual([])
  })

  it('a wrong password changes nothing', async () => {
    const { auth, host } = await verifiedReader()
    const failure = await auth.changeEmail('not-the-password', NEW_EMAIL, CONTINUE_URL).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect((await oobCodes(host)).filter((code) => code.requestType === 'VERIFY_AND_CHANGE_EMAIL')).toEqual([])
  })
})
