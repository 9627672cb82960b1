import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AuthError, type AuthService, type AuthUser } from '@comics/core'
import { AuthModal } from '../AuthModal'
import type { ComicsStores } from '../../provider'
import { fakeAuth } from '../../../test/fakeAuth'
import { renderWithKit } from '../../../test/render'
import { PasswordReset } from './PasswordReset'

const LINK = 'http://localhost:3000/auth/action?apiKey=key&oobCode=reset-1&mode=resetPassword&lang=en'
const EMAIL = 'reader@comics.test'

/**
 * The page opened from LINK, with an auth service whose reset code is 'reset-1' for EMAIL: another code
 * is spent; a password shorter than 6 is refused as weak, as the provider does.
 */
function renderPage(options: { url?: string; spent?: boolean } = {}) {
  const service: { current: AuthService | null } = { current: null }
  const onDone = vi.fn<(user: AuthUser) => void>()
  const auth = (stores: ComicsStores) => {
    const built = fakeAuth()(stores)
    const settle = built.resetPassword
    built.checkPasswordResetCode = vi.fn(async (code: string) => {
      if (options.spent || code !== 'reset-1') throw new AuthError('auth/invalid-action-code')
      return EMAIL
    })
    built.resetPassword = vi.fn(async (code: string, password: string) => {
      if (password.length < 6) throw new AuthError('auth/weak-password')
      return settle(code, password)
    })
    service.current = built
    return built
  }
  const kit = renderWithKit(
    <>
      <AuthModal />
      <PasswordReset url={options.url ?? LINK} onDone={onDone} />
    </>,
    { consent: 'accepted', auth },
  )
  return { ...kit, onDone, service: () => service.current! }
}

const form = () => screen.findByLabelText('New password')

describe('PasswordReset', () => {
  it('checks the link, names the account, sets the new password, signs in and hands over', async () => {
    const { user, onDone, service, stores, events } = renderPage()
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link…')
    await user.type(await form(), 'new-secret-2')
    expect(screen.getByText(`For ${EMAIL}`)).toBeVisible()
    expect(service().checkPasswordResetCode).toHaveBeenCalledTimes(1)
    expect(service().checkPasswordResetCode).toHaveBeenCalledWith('reset-1')
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-2')
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }))

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1))
    expect(service().resetPassword).toHaveBeenCalledWith('reset-1', 'new-secret-2')
    expect(stores.session.getSnapshot().signedIn).toBe(true)
    expect(events.map((event) => event.name)).toContain('auth_success')
  })

  it("a confirmation that differs is refused with change password's message before anything is sent, and the fields stay", async () => {
    const { user, service } = renderPage()
    await user.type(await form(), 'new-secret-2')
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-3')
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }))
    expect(screen.getByRole('alert')).toHaveTextContent("Passwords doesn't match")
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true')
    expect(service().resetPassword).not.toHaveBeenCalled()
    expect(screen.getByLabelText('New password')).toHaveValue('new-secret-2')

    await user.type(screen.getByLabelText('Confirm new password'), 'x')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("the provider's refusal is shown in its words and the typed password stays", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, onDone } = renderPage()
    await user.type(await form(), '123')
    await user.type(screen.getByLabelText('Confirm new password'), '123')
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is too weak. Use at least 6 characters.')
    expect(screen.getByLabelText('New password')).toHaveValue('123')
    expect(onDone).not.toHaveBeenCalled()
  })

  it('a used or expired link says so and offers a new one in the sign-in modal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderPage({ spent: true })
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or has already been used.')
    expect(screen.queryByLabelText('New password')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Get a new link' }))
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  })

  it('opened without a reset link, it asks for the link and checks nothing', async () => {
    const { service } = renderPage({ url: 'http://localhost:3000/auth/action' })
    expect(screen.getByText('Open this page from the link in your password-reset email.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Get a new link' })).toBeVisible()
    expect(service().checkPasswordResetCode).not.toHaveBeenCalled()
  })
})
