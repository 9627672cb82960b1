import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAuthModal } from '../../hooks'
import { renderWithKit } from '../../../test/render'
import { UpgradeBanner } from './UpgradeBanner'

function ModalProbe() {
  const { isOpen, mode } = useAuthModal()
  return <output aria-label="auth modal">{isOpen ? mode : 'closed'}</output>
}

describe('UpgradeBanner', () => {
  it('asks to upgrade to continue the story', () => {
    renderWithKit(<UpgradeBanner kind="continue" />)
    expect(screen.getByText('Upgrade your plan to continue reading and unlock the full story')).toBeInTheDocument()
    expect(screen.queryByText(/uncensored/)).not.toBeInTheDocument()
  })

  it('asks to upgrade for the uncensored edition', () => {
    renderWithKit(<UpgradeBanner kind="uncensored" />)
    expect(screen.getByText('Upgrade your plan to view the uncensored version of this comic')).toBeInTheDocument()
    expect(screen.queryByText(/continue reading/)).not.toBeInTheDocument()
  })

  it.each(['free', 'level1'] as const)('sends Get in now to /premium for a signed-in %s reader', async (viewer) => {
    const { user, navigate } = renderWithKit(
      <>
        <UpgradeBanner kind={viewer === 'free' ? 'continue' : 'uncensored'} />
        <ModalProbe />
      </>,
      { viewer },
    )
    const action = screen.getByRole('link', { name: 'Get in now' })
    expect(action).toHaveAttribute('href', '/premium')
    expect(action).not.toHaveAttribute('aria-haspopup')
    await user.click(action)
    expect(navigate).toHaveBeenCalledWith('/premium')
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('closed')
  })

  it('opens the sign-in modal on Get in now for a guest and stays on the page (/premium would send a guest home)', async () => {
    const { user, navigate } = renderWithKit(
      <>
        <UpgradeBanner kind="continue" />
        <ModalProbe />
      </>,
    )
    const action = screen.getByRole('link', { name: 'Get in now' })
    expect(action).toHaveAttribute('aria-haspopup', 'dialog')
    await user.click(action)
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in')
    expect(navigate).not.toHaveBeenCalled()
  })
})
