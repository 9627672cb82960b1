import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthService } from '@comics/core'
import { MOCK_VIEWERS } from '@comics/mocks'
import type { ComicsStores } from '../../provider'
import { useAuth } from '../../hooks'
import { verificationSent } from '../../hooks/verificationSent'
import { fakeAuth, type FakeAuthOptions } from '../../../test/fakeAuth'
import { renderHookWithKit, renderWithKit } from '../../../test/render'
import { VerifyEmailPrompt } from './VerifyEmailPrompt'

const unverified = { ...MOCK_VIEWERS.reader.user!, emailVerified: false }

function renderPrompt(options: FakeAuthOptions & { verified?: boolean } = {}) {
  const service: { current: AuthService | null } = { current: null }
  const auth = (stores: ComicsStores) => (service.current = fakeAuth({ failWith: options.failWith })(stores))
  const kit = renderWithKit(<VerifyEmailPrompt />, { viewer: 'free', auth })
  if (!options.verified) act(() => kit.stores.session.set(unverified, MOCK_VIEWERS.reader.token!))
  return { ...kit, service: () => service.current! }
}

afterEach(() => {
  verificationSent.reset()
  vi.useRealTimers()
})

describe('VerifyEmailPrompt', () => {
  it('shows nothing for a confirmed address', () => {
    renderPrompt({ verified: true })
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('asks an unconfirmed reader to confirm, sends the link, then waits a minute before another', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { user, service } = renderPrompt()
    const region = screen.getByRole('region', { name: 'Confirm your email address' })
    expect(region).toHaveTextContent(`Confirm ${unverified.email}`)
    await user.click(screen.getByRole('button', { name: 'Send the link' }))
    expect(service().sendEmailVerification).toHaveBeenCalledTimes(1)
    expect(await screen.findByRole('status')).toHaveTextContent(`A new link is on its way to ${unverified.email}.`)
    expect(region).toHaveTextContent(`We sent a link to ${unverified.email}`)
    const waiting = screen.getByRole('button', { name: /^Send again in \d+ seconds$/ })
    expect(waiting).toBeDisabled()
    await act(() => vi.advanceTimersByTimeAsync(61_000))
    const again = await screen.findByRole('button', { name: 'Send the link again' })
    expect(again).toBeEnabled()
    await user.click(again)
    expect(service().sendEmailVerification).toHaveBeenCalledTimes(2)
  })

  it("the provider's own limit is shown, and the button stays to try later", async () => {
    const { user } = renderPrompt({ failWith: 'auth/too-many-requests' })
    await user.click(screen.getByRole('button', { name: 'Send the link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.')
    expect(screen.getByRole('button', { name: 'Send the link' })).toBeEnabled()
  })
})

describe('sign-up asks to confirm the address', () => {
  it('mails the confirmation link right after the account is created, and the prompt counts it as sent', async () => {
    const service: { current: AuthService | null } = { current: null }
    const auth = (stores: ComicsStores) => (service.current = fakeAuth()(stores))
    const { result } = renderHookWithKit(() => useAuth(), { auth })
    const user = await act(() => result.current.signUp('new@comics.test', 'secret-123'))
    expect(user).not.toBeNull()
    await waitFor(() => expect(service.current!.sendEmailVerification).toHaveBeenCalledWith(window.location.href))
    expect(verificationSent.at(user!.uid)).not.toBeNull()
  })
})
