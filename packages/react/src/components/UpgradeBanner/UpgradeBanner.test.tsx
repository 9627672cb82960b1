import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithKit } from '../../../test/render'
import { UpgradeBanner } from './UpgradeBanner'

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

  it('sends Get in now to /premium', async () => {
    const { user, navigate } = renderWithKit(<UpgradeBanner kind="continue" />)
    const action = screen.getByRole('link', { name: 'Get in now' })
    expect(action).toHaveAttribute('href', '/premium')
    await user.click(action)
    expect(navigate).toHaveBeenCalledWith('/premium')
  })
})
