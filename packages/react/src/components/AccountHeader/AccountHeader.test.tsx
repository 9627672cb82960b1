import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithKit, type KitViewer } from '../../../test/render'
import { fakeAuth } from '../../../test/fakeAuth'
import { AccountHeader } from './AccountHeader'

describe('AccountHeader', () => {
  it.each<KitViewer>(['free', 'level1', 'level2', 'level3', 'level4'])('shows %s MY ACCOUNT and the badge Basic', (viewer) => {
    renderWithKit(<AccountHeader />, { viewer })
    expect(screen.getByRole('heading', { level: 1, name: 'MY ACCOUNT' })).toBeInTheDocument()
    expect(screen.getByText('Basic')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeEnabled()
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
