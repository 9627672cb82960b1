import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAuthModal } from '../../hooks'
import { renderWithKit } from '../../../test/render'
import { SaleBanner } from './SaleBanner'

function ModalProbe() {
  const { isOpen, mode } = useAuthModal()
  return <output aria-label="auth modal">{isOpen ? mode : 'closed'}</output>
}

describe('SaleBanner', () => {
  it('offers unlimited access and sends Become a member to /premium for a signed-in reader', async () => {
    const { user, navigate } = renderWithKit(<SaleBanner />, { viewer: 'free' })
    expect(screen.getByRole('region', { name: 'Unlimited access to more than 3000 episodes' })).toBeInTheDocument()
    expect(screen.getByText('New comics every week')).toBeInTheDocument()
    const action = screen.getByRole('link', { name: 'Become a member' })
    expect(action).toHaveAttribute('href', '/premium')
    await user.click(action)
    expect(navigate).toHaveBeenCalledWith('/premium')
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
