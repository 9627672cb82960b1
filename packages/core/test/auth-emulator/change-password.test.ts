import { beforeEach, describe, expect, inject, it } from 'vitest'
import { AuthError } from '@comics/core'
import { clearAccounts, createUser, signIn } from '../../../../tools/auth-emulator/src/index'
import { createEmulatorAuth } from './emulator-auth'

const EMAIL = 'reader@example.com'
const OLD_PASSWORD = 'old-secret-1'
const NEW_PASSWORD = 'new-secret-2'

beforeEach(() => clearAccounts(inject('authEmulatorHost')))

describe('change password (spec §4, §5)', () => {
  it('with the right old password, the new one signs in and the old one no longer does', async () => {
    const host = inject('authEmulatorHost')
    await createUser(host, { email: EMAIL, password: OLD_PASSWORD })
    const { auth, session } = createEmulatorAuth()
    await auth.signInWithEmail(EMAIL, OLD_PASSWORD)

    await auth.changePassword(OLD_PASSWORD, NEW_PASSWORD)
    await expect(signIn(host, EMAIL, NEW_PASSWORD)).resolves.toMatchObject({ uid: session.getSnapshot().user?.uid })
    await expect(signIn(host, EMAIL, OLD_PASSWORD)).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/)
    expect(session.getSnapshot().signedIn).toBe(true)
  })

  it('with a wrong old password, it fails with a typed error and the password stays', async () => {
    const host = inject('authEmulatorHost')
    await createUser(host, { email: EMAIL, password: OLD_PASSWORD })
    const { auth, session } = createEmulatorAuth()
    await auth.signInWithEmail(EMAIL, OLD_PASSWORD)

    const failure = await auth.changePassword('not-the-old-one', NEW_PASSWORD).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ code: 'auth/wrong-password', message: 'Incorrect password.' })
    await expect(signIn(host, EMAIL, OLD_PASSWORD)).resolves.toBeDefined()
    await expect(signIn(host, EMAIL, NEW_PASSWORD)).rejects.toThrow()
    expect(session.getSnapshot().signedIn).toBe(true)
  })

  it("without a user, it throws 'No authenticated user'", async () => {
    const { auth } = createEmulatorAuth()
    const failure = await auth.changePassword(OLD_PASSWORD, NEW_PASSWORD).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ message: 'No authenticated user', code: 'auth/no-authenticated-user' })
  })

  it('a weak new password gives a typed error', async () => {
    await createUser(inject('authEmulatorHost'), { email: EMAIL, password: OLD_PASSWORD })
    const { auth } = createEmulatorAuth()
    await auth.signInWithEmail(EMAIL, OLD_PASSWORD)
    await expect(auth.changePassword(OLD_PASSWORD, '123')).rejects.toMatchObject({ code: 'auth/weak-password' })
  })
})
