import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAuthModal, useSubscription } from '../../hooks'
import { renderWithKit } from '../../../test/render'
import { SaleBanner } from './SaleBanner'

function ModalProbe() {
  const { isOpen, mode } = useAuthModal()
  return <output aria-label="auth modal">{isOpen ? mode : 'closed'}</output>
}

function LevelProbe() {
  const { level, isPending } = useSubscription()
  return <output aria-label="level">{isPending ? 'pending' : level}</output>
}

describe('SaleBanner', () => {
  it('offers unlimited access and sends Become a member to /premium for a signed-in reader', async () => {
    const { user, navigate } = renderWithKit(<SaleBanner />, { viewer: 'free' })
    expect(await screen.findByRole('region', { name: 'Unlimited access to more than 3000 episodes' })).toBeInTheDocument()
    expect(screen.getByText('New comics every week')).toBeInTheDocument()
    const action = screen.getByRole('link', { name: 'Become a member' })
    expect(action).toHaveAttribute('href', '/premium')
    await user.click(action)
    expect(navigate).toHaveBeenCalledWith('/premium')
  })

  it.each(['level1', 'level3', 'level4'] as const)('does not court %s, a subscriber: the sale is for a first purchase', async (viewer) => {
    renderWithKit(
      <>
        <SaleBanner />
        <LevelProbe />
      </>,
      { viewer },
    )
    await waitFor(() => expect(screen.getByRole('status', { name: 'level' })).toHaveTextContent(viewer.slice(-1)))
    expect(screen.queryByRole('region', { name: 'Unlimited access to more than 3000 episodes' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Become a member' })).not.toBeInTheDocument()
  })

  it('opens the sign-in modal on Become a member for a guest and stays on the page', async () => {
    const { user, navigate } = renderWithKit(
      <>
        <SaleBanner />
        <ModalProbe />
      </>,
    )
    const action = screen.getByRole('link', { name: 'Become a member' })
    expect(action).toHaveAttribute('href', '/premium')
    await user.click(action)
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in')
    expect(navigate).not.toHaveBeenCalled()
  })
})
