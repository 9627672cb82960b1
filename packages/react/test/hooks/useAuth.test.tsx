import { act } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useAuth, useAuthModal, useSession } from '../../src/hooks'
import { fakeAuth } from '../fakeAuth'
import { renderHookWithKit } from '../render'

const useAuthAndModal = () => ({ auth: useAuth(), modal: useAuthModal(), session: useSession() })

describe('useAuth', () => {
  it('signs in, records auth_success and closes the auth modal', async () => {
    const { result, events } = renderHookWithKit(useAuthAndModal, { auth: fakeAuth() })
    act(() => result.current.modal.openAuthModal())
    let user: unknown
    await act(async () => {
      user = await result.current.auth.signIn('reader@comics.test', 'secret-1')
    })
    expect(user).toMatchObject({ email: 'reader@comics.test' })
    expect(result.current.session.signedIn).toBe(true)
    expect(result.current.modal.isOpen).toBe(false)
    expect(events).toEqual([{ name: 'auth_success', params: { method: 'password', mode: 'sign-in' } }])
  })

  it('signs up and signs in with a social provider', async () => {
    const { result, events } = renderHookWithKit(useAuthAndModal, { auth: fakeAuth() })
    await act(() => result.current.auth.signUp('new@comics.test', 'secret-1'))
    await act(() => result.current.auth.signInWithProvider('google'))
    expect(events.map((e) => e.params)).toEqual([
      { method: 'password', mode: 'sign-up' },
      { method: 'google', mode: 'sign-in' },
    ])
  })

  it('exposes a failure as an AuthError with the user-facing message, logs it, and keeps the modal open', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { result, events } = renderHookWithKit(useAuthAndModal, {
      auth: fakeAuth({ failWith: 'auth/wrong-password' }),
      messages: { 'auth.wrongPassword': 'Falsches Passwort.' },
    })
    act(() => result.current.modal.openAuthModal('sign-up'))
    let user: unknown = 'unset'
    await act(async () => {
      user = await result.current.auth.signIn('reader@comics.test', 'nope')
    })
    expect(user).toBeNull()
    expect(result.current.auth.error?.code).toBe('auth/wrong-password')
    expect(result.current.auth.errorMessage).toBe('Falsches Passwort.')
    expect(result.current.modal).toMatchObject({ isOpen: true, mode: 'sign-up' })
    expect(events).toEqual([])
    expect(log).toHaveBeenCalled()
    act(() => result.current.auth.clearError())
    expect(result.current.auth.errorMessage).toBeNull()
  })

  it('shows an error message instead of crashing when the provider has no AuthService', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { result } = renderHookWithKit(useAuthAndModal)
    await act(() => result.current.auth.signIn('reader@comics.test', 'secret-1'))
    expect(result.current.auth.errorMessage).toBe('Sign-in is not set up correctly on this site. Please try again later.')
  })

  it('logs out, clears the session and goes to /', async () => {
    const { result, navigate } = renderHookWithKit(useAuthAndModal, { viewer: 'level2', auth: fakeAuth() })
    expect(result.current.session.signedIn).toBe(true)
    await act(() => result.current.auth.logout())
    expect(result.current.session.signedIn).toBe(false)
    expect(navigate).toHaveBeenCalledWith('/')
  })

  it('changes the password, and reports a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const ok = renderHookWithKit(() => useAuth(), { viewer: 'free', auth: fakeAuth() })
    await expect(act(() => ok.result.current.changePassword('old-1', 'new-1'))).resolves.toBe(true)

    const failing = renderHookWithKit(() => useAuth(), {
      viewer: 'free',
      auth: fakeAuth({ failWith: 'auth/wrong-password' }),
    })
    let changed: boolean | undefined
    await act(async () => {
      changed = await failing.result.current.changePassword('bad', 'new-1')
    })
    expect(changed).toBe(false)
    expect(failing.result.current.errorMessage).toBe('Incorrect password.')
  })
})
