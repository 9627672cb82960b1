import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithKit } from '../../../test/render'
import { Footer } from './Footer'

describe('Footer', () => {
  it('has Contact us and For Creators as support mail links', () => {
    renderWithKit(<Footer />, { site: { supportEmail: 'help@comics.example' } })
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:help@comics.example')
    expect(screen.getByRole('link', { name: 'For Creators' })).toHaveAttribute(
      'href',
      'mailto:help@comics.example?subject=For%20Creators',
    )
  })

  it('prefers its own supportEmail, and falls back to the host’s support mailbox', () => {
    const { unmount } = renderWithKit(<Footer supportEmail="own@comics.example" />, {
      site: { supportEmail: 'help@comics.example' },
    })
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:own@comics.example')
    unmount()
    renderWithKit(<Footer />)
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      `mailto:support@${window.location.hostname}`,
    )
  })

  it('links the three policy pages', async () => {
    const { user, navigate } = renderWithKit(<Footer />)
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy')
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms-of-use')
    const refund = screen.getByRole('link', { name: 'Payment and Refund Policy' })
    expect(refund).toHaveAttribute('href', '/payment-and-refund')
    await user.click(refund)
    expect(navigate).toHaveBeenCalledWith('/payment-and-refund')
  })

  it('shows a copyright line with the current year', () => {
    renderWithKit(<Footer />)
    expect(screen.getByText(`© ${new Date().getFullYear()} Comics. All rights reserved.`)).toBeInTheDocument()
  })
})
