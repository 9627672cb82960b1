import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithKit } from '../../../test/render'
import { SaleBanner } from './SaleBanner'

describe('SaleBanner', () => {
  it('offers unlimited access and sends Become a member to /premium', async () => {
    const { user, navigate } = renderWithKit(<SaleBanner />)
    expect(screen.getByRole('region', { name: 'Unlimited access to more than 3000 episodes' })).toBeInTheDocument()
    expect(screen.getByText('New comics every week')).toBeInTheDocument()
    const action = screen.getByRole('link', { name: 'Become a member' })
    expect(action).toHaveAttribute('href', '/premium')
    await user.click(action)
    expect(navigate).toHaveBeenCalledWith('/premium')
  })
})
