import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithKit, type KitViewer } from '../../../test/render'
import { fakeAuth } from '../../../test/fakeAuth'
import { AccountHeader } from './AccountHeader'

describe('AccountHeader', () => {
  it.each<[KitViewer, string]>([
    ['free', 'Basic'],
    ['level1', 'Premium · 1 week'],
    ['level2', 'Premium · 4 weeks'],
    ['level3', 'Premium · 12 weeks'],
    ['level4', 'Premium · 24 weeks'],
  ])('shows %s MY ACCOUNT and the badge of the plan in force, %j', async (viewer, badge) => {
    renderWithKit(<AccountHeader />, { viewer })
    expect(screen.getByRole('heading', { level: 1, name: 'MY ACCOUNT' })).toBeInTheDocument()
    expect(await screen.findByText(badge, {}, { timeout: 5000 })).toHaveClass('comics-account-header__badge')
    expect(screen.queryByText(badge === 'Basic' ? /^Premium/ : 'Basic')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeEnabled()
  })

  it('names no plan when the subscriptions cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { queryClient } = renderWithKit(<AccountHeader />, { viewer: 'level3', mocks: { errors: { listSubscriptions: 500 } } })
    await waitFor(() => expect(queryClient.getQueryCache().getAll().some((query) => query.state.status === 'error')).toBe(true))
    expect(screen.queryByText('Basic')).not.toBeInTheDocument()
    expect(screen.queryByText(/^Premium/)).not.toBeInTheDocument()
  })

  it('logs out through the auth service, clears the session and goes to /', async () => {
    const { user, navigate, stores } = renderWithKit(<AccountHeader />, { viewer: 'level2', auth: fakeAuth() })
    await user.click(screen.getByRole('button', { name: 'Log Out' }))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'))
    expect(stores.session.getSnapshot().signedIn).toBe(false)
  })

  it('shows a failed logout and stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, navigate } = renderWithKit(<AccountHeader />, {
      viewer: 'level2',
      auth: fakeAuth({ failWith: 'auth/network-request-failed' }),
    })
    await user.click(screen.getByRole('button', { name: 'Log Out' }))
    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('goes back with onBack', async () => {
    const onBack = vi.fn()
    const { user } = renderWithKit(<AccountHeader onBack={onBack} />, { viewer: 'free' })
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalledTimes(1)
  })
})
