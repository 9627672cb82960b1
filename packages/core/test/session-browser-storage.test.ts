// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBrowserStorage, createPrefixedStorage, createSessionStore, type AuthUser } from '@comics/core'

// The session store through the adapter the site uses, over a real (jsdom) localStorage, with changes of
// other tabs arriving as the browser delivers them: a write to the shared storage, then a storage event.
const user: AuthUser = {
  uid: 'u1',
  email: 'reader@example.com',
  displayName: null,
  photoURL: null,
  emailVerified: true,
  phoneNumber: null,
  providerId: 'firebase',
  creationTime: null,
  lastSignInTime: null,
  providerData: [],
}

/** Another tab writes `value` under `key` (removes it when null); this window then gets the storage event. */
function otherTab(key: string, value: string | null): void {
  if (value === null) window.localStorage.removeItem(key)
  else window.localStorage.setItem(key, value)
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }))
}

afterEach(() => window.localStorage.clear())

describe('session store over the browser storage adapter (spec §3, §9)', () => {
  it('keeps user and token in localStorage under authUser and authToken, read back by a new store', () => {
    const session = createSessionStore(createBrowserStorage())
    session.set(user, 'token-1')
    expect(JSON.parse(window.localStorage.getItem('authUser')!)).toEqual(user)
    expect(JSON.parse(window.localStorage.getItem('authToken')!)).toBe('token-1')
    // A reload: a new adapter and store over the same localStorage.
    expect(createSessionStore(createBrowserStorage()).getSnapshot()).toEqual({ user, token: 'token-1', signedIn: true })
    session.clear()
    expect(window.localStorage.getItem('authUser')).toBeNull()
    expect(window.localStorage.getItem('authToken')).toBeNull()
  })

  it("follows another tab's sign-in, token refresh and sign-out, and tells its subscribers", () => {
    const session = createSessionStore(createBrowserStorage())
    const listener = vi.fn()
    session.subscribe(listener)
    otherTab('authUser', JSON.stringify(user))
    otherTab('authToken', JSON.stringify('from-the-other-tab'))
    expect(session.getSnapshot()).toEqual({ user, token: 'from-the-other-tab', signedIn: true })
    otherTab('authToken', JSON.stringify('refreshed'))
    expect(session.getSnapshot().token).toBe('refreshed')
    otherTab('authToken', null)
    expect(session.getSnapshot()).toMatchObject({ user, signedIn: false, token: null })
    expect(listener).toHaveBeenCalled()
  })

  it('keeps its snapshot when another tab writes what it already holds, or the same token is set', () => {
    const session = createSessionStore(createBrowserStorage())
    session.set(user, 't')
    const before = session.getSnapshot()
    const listener = vi.fn()
    session.subscribe(listener)
    otherTab('authToken', '"t"')
    session.setToken('t')
    expect(session.getSnapshot()).toBe(before)
    expect(listener).not.toHaveBeenCalled()
  })

  it("embedded under a prefix, ignores the partner's own authToken and follows its own keys", () => {
    window.localStorage.setItem('authToken', '"partner-token"')
    const session = createSessionStore(createPrefixedStorage(createBrowserStorage(), 'comics:'))
    expect(session.getSnapshot().signedIn).toBe(false)
    otherTab('authUser', JSON.stringify(user))
    expect(session.getSnapshot().signedIn).toBe(false)
    otherTab('comics:authUser', JSON.stringify(user))
    otherTab('comics:authToken', '"kit"')
    expect(session.getSnapshot()).toMatchObject({ signedIn: true, token: 'kit' })
    session.clear()
    expect(window.localStorage.getItem('authToken')).toBe('"partner-token"')
  })
})
