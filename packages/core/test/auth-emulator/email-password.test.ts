import { beforeEach, describe, expect, inject, it } from 'vitest'
import { AUTH_MESSAGES, AuthError, STORAGE_KEYS, type AuthUser } from '@comics/core'
import { AUTH_EMULATOR_PROJECT, clearAccounts, createUser, signIn } from '../../../../tools/auth-emulator/src/index'
import { claimsOf, createEmulatorAuth, pause } from './emulator-auth'

const EMAIL = 'reader@example.com'
const PASSWORD = 'secret-1'

beforeEach(() => clearAccounts(inject('authEmulatorHost')))

/** Disables an account as an administrator would (the emulator accepts the 'owner' bearer). */
async function disableAccount(host: string, uid: string) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${AUTH_EMULATOR_PROJECT}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, disableUser: true }),
  })
  if (!response.ok) throw new Error(`disabling ${uid} failed: ${await response.text()}`)
}

const storedUser = (storage: { getItem(key: string): string | null }) =>
  JSON.parse(storage.getItem(STORAGE_KEYS.authUser) ?? 'null') as AuthUser | null
const storedToken = (storage: { getItem(key: string): string | null }) =>
  JSON.parse(storage.getItem(STORAGE_KEYS.authToken) ?? 'null') as string | null

describe('email and password on the Auth emulator', () => {
  it('signs up: the account exists and user and token are in the session and in storage', async () => {
    const { auth, session, storage, host } = createEmulatorAuth()
    const user = await auth.signUpWithEmail(EMAIL, PASSWORD)

    expect(user.email).toBe(EMAIL)
    const snapshot = session.getSnapshot()
    expect(snapshot.signedIn).toBe(true)
    expect(snapshot.user).toEqual(user)
    expect(claimsOf(snapshot.token ?? '')).toMatchObject({ user_id: user.uid, email: EMAIL })
    expect(storedUser(storage)).toEqual(user)
    expect(storedToken(storage)).toBe(snapshot.token)
    // the account is real: the emulator signs it in
    expect((await signIn(host, EMAIL, PASSWORD)).uid).toBe(user.uid)
  })

  it('signs in and stores every Auth user field of spec §3', async () => {
    const { uid } = await createUser(inject('authEmulatorHost'), { email: EMAIL, password: PASSWORD })
    const { auth, storage } = createEmulatorAuth()
    await auth.signInWithEmail(EMAIL, PASSWORD)

    const user = storedUser(storage)
    expect(Object.keys(user ?? {}).sort()).toEqual(
      ['creationTime', 'displayName', 'email', 'emailVerified', 'lastSignInTime', 'phoneNumber', 'photoURL', 'providerData', 'providerId', 'uid'],
    )
    expect(user).toMatchObject({ uid, email: EMAIL, emailVerified: false, providerId: 'firebase', displayName: null, phoneNumber: null, photoURL: null })
    expect(new Date(user?.creationTime ?? '').getTime()).not.toBeNaN()
    expect(new Date(user?.lastSignInTime ?? '').getTime()).not.toBeNaN()
    expect(user?.providerData).toEqual([{ providerId: 'password', uid: EMAIL, email: EMAIL, displayName: null }])
    expect(await auth.getToken()).toBe(storedToken(storage))
  })

  it('a wrong password gives a typed error with a message, and leaves the user signed out', async () => {
    await createUser(inject('authEmulatorHost'), { email: EMAIL, password: PASSWORD })
    const { auth, session, storage } = createEmulatorAuth()
    const failure = await auth.signInWithEmail(EMAIL, 'not-the-password').catch((error: unknown) => error)

    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ code: 'auth/wrong-password', messageKey: 'auth.wrongPassword' })
    expect(AUTH_MESSAGES[(failure as AuthError).messageKey]).toBe('Incorrect password.')
    expect(session.getSnapshot().signedIn).toBe(false)
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull()
  })

  it('an unknown email gives a typed error', async () => {
    const { auth } = createEmulatorAuth()
    await expect(auth.signInWithEmail('nobody@example.com', PASSWORD)).rejects.toMatchObject({
      code: 'auth/user-not-found',
      message: 'No account exists with this email.',
    })
  })

  it('signing up with an existing email gives a typed error with a message', async () => {
    await createUser(inject('authEmulatorHost'), { email: EMAIL, password: PASSWORD })
    const { auth, session } = createEmulatorAuth()
    const failure = await auth.signUpWithEmail(EMAIL, 'another-1').catch((error: unknown) => error)

    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ code: 'auth/email-already-in-use', message: 'An account with this email already exists.' })
    expect(session.getSnapshot().signedIn).toBe(false)
  })

  it('a weak password and an invalid email give their own typed errors', async () => {
    const { auth } = createEmulatorAuth()
    await expect(auth.signUpWithEmail(EMAIL, '123')).rejects.toMatchObject({ code: 'auth/weak-password' })
    await expect(auth.signUpWithEmail('not-an-email', PASSWORD)).rejects.toMatchObject({ code: 'auth/invalid-email' })
  })

  it('stores a fresh token after an auth-state change (a token refresh)', async () => {
    await createUser(inject('authEmulatorHost'), { email: EMAIL, password: PASSWORD })
    const { auth, session, storage } = createEmulatorAuth()
    await auth.signInWithEmail(EMAIL, PASSWORD)
    const first = session.getSnapshot().token ?? ''

    await pause(1100) // tokens carry their issue time in whole seconds
    const refreshed = await auth.getToken(true)
    await expect.poll(() => storedToken(storage)).toBe(refreshed)
    expect(refreshed).not.toBe(first)
    expect(Number(claimsOf(refreshed).iat)).toBeGreaterThan(Number(claimsOf(first).iat))
    expect(session.getSnapshot()).toMatchObject({ token: refreshed, signedIn: true })
  })

  it('stores the new user and token when another account signs in', async () => {
    const host = inject('authEmulatorHost')
    await createUser(host, { email: EMAIL, password: PASSWORD })
    const other = await createUser(host, { email: 'other@example.com', password: PASSWORD })
    const { auth, storage } = createEmulatorAuth()
    await auth.signInWithEmail(EMAIL, PASSWORD)
    await auth.signInWithEmail('other@example.com', PASSWORD)

    expect(storedUser(storage)?.uid).toBe(other.uid)
    expect(claimsOf(storedToken(storage) ?? '')).toMatchObject({ user_id: other.uid })
  })

  it('clears user and token when a token refresh finds the account disabled', async () => {
    const host = inject('authEmulatorHost')
    const { uid } = await createUser(host, { email: EMAIL, password: PASSWORD })
    const { auth, session, storage } = createEmulatorAuth()
    await auth.signInWithEmail(EMAIL, PASSWORD)
    await disableAccount(host, uid)

    await expect(auth.getToken(true)).rejects.toMatchObject({ code: 'auth/user-disabled' })
    // the provider signs the user out, an auth-state change that leaves neither user nor token
    await expect.poll(() => session.getSnapshot().signedIn).toBe(false)
    expect(session.getSnapshot()).toMatchObject({ user: null, token: null })
    expect(storage.getItem(STORAGE_KEYS.authUser)).toBeNull()
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull()
  })

  it('logout clears authUser and authToken in storage and signs out of the provider', async () => {
    await createUser(inject('authEmulatorHost'), { email: EMAIL, password: PASSWORD })
    const { auth, session, storage } = createEmulatorAuth()
    await auth.signInWithEmail(EMAIL, PASSWORD)
    expect(storage.getItem(STORAGE_KEYS.authUser)).not.toBeNull()
    expect(storage.getItem(STORAGE_KEYS.authToken)).not.toBeNull()

    await auth.logout()
    expect(storage.getItem(STORAGE_KEYS.authUser)).toBeNull()
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull()
    expect(session.getSnapshot()).toEqual({ user: null, token: null, signedIn: false })
    await expect(auth.getToken()).rejects.toMatchObject({ message: 'No authenticated user' })
  })

  it("getToken without a user throws 'No authenticated user'", async () => {
    const { auth, logged } = createEmulatorAuth()
    const failure = await auth.getToken().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    expect(failure).toMatchObject({ message: 'No authenticated user', code: 'auth/no-authenticated-user' })
    // spec §8: token errors are logged and rethrown
    expect(logged.flat()).toContain(failure)
  })
})
