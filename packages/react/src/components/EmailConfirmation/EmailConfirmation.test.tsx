import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AuthService } from '@comics/core'
import type { ComicsStores } from '../../provider'
import { fakeAuth, type FakeAuthOptions } from '../../../test/fakeAuth'
import { renderWithKit } from '../../../test/render'
import { EmailConfirmation } from './EmailConfirmation'

const link = (mode: string) => `https://comics.example/auth/action?apiKey=key&oobCode=code-1&mode=${mode}&lang=en`

function renderPage(url: string, options: FakeAuthOptions = {}) {
  const service: { current: AuthService | null } = { current: null }
  const auth = (stores: ComicsStores) => (service.current = fakeAuth(options)(stores))
  const onContinue = vi.fn()
  const kit = renderWithKit(<EmailConfirmation url={url} onContinue={onContinue} />, { viewer: 'free', auth })
  return { ...kit, onContinue, service: () => service.current! }
}

describe('EmailConfirmation', () => {
  it("applies a verification link's code once and says the address is confirmed", async () => {
    const { user, service, onContinue } = renderPage(link('verifyEmail'))
    expect(await screen.findByText('Your email address is confirmed.')).toBeVisible()
    expect(service().confirmEmail).toHaveBeenCalledTimes(1)
    expect(service().confirmEmail).toHaveBeenCalledWith('code-1')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onContinue).toHaveBeenCalled()
  })

  it('a change-of-address link says the address is changed, to sign in with the new one', async () => {
    renderPage(link('verifyAndChangeEmail'))
    expect(await screen.findByText('Your email address is changed. Sign in with the new address.')).toBeVisible()
  })

  it('a used or expired link says so', async () => {
    renderPage(link('verifyEmail'), { failWith: 'auth/invalid-action-code' })
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or has already been used.')
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull()
  })

  it('another kind of link is not applied', async () => {
    const { service } = renderPage(link('resetPassword'))
    expect(screen.getByRole('alert')).toHaveTextContent('This link cannot be used here.')
    expect(service().confirmEmail).not.toHaveBeenCalled()
  })
})
