import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createMockState, creditMockCoins } from '@comics/mocks'
import { useAuthModal } from '../../hooks'
import { renderWithKit } from '../../../test/render'
import { TopBar } from './TopBar'

function ModalProbe() {
  const { isOpen, mode } = useAuthModal()
  return <output aria-label="auth modal">{isOpen ? mode : 'closed'}</output>
}

const renderTopBar = (viewer?: 'guest' | 'free' | 'level3' | 'level4') =>
  renderWithKit(
    <>
      <TopBar />
      <ModalProbe />
    </>,
    { viewer },
  )

describe('TopBar', () => {
  it('links the logo to / and Categories to /categories', async () => {
    const { user, navigate } = renderTopBar()
    expect(screen.getByRole('link', { name: 'Comics Home' })).toHaveAttribute('href', '/')
    const categories = screen.getByRole('link', { name: 'Categories' })
    expect(categories).toHaveAttribute('href', '/categories')
    await user.click(categories)
    expect(navigate).toHaveBeenCalledWith('/categories')
  })

  it('shows Sign In to a guest, which opens the sign-in modal', async () => {
    const { user } = renderTopBar()
    expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in')
  })

  it('opens the sign-in modal on Premium for a guest instead of navigating', async () => {
    const { user, navigate } = renderTopBar()
    await user.click(screen.getByRole('button', { name: 'Premium' }))
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in')
    expect(navigate).not.toHaveBeenCalled()
  })

  it.each([
    ['free', 'Premium'],
    ['level3', 'Upgrade'],
  ] as const)('shows Account to a signed-in %s reader and sends %s to /premium', async (viewer, offer) => {
    const { user, navigate } = renderTopBar(viewer)
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account')
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: offer }))
    expect(screen.queryByRole('button', { name: offer === 'Premium' ? 'Upgrade' : 'Premium' })).not.toBeInTheDocument()
    expect(navigate).toHaveBeenCalledWith('/premium')
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('closed')
  })

  it('offers nothing to a reader on the top plan', async () => {
    renderTopBar('level4')
    // The coin balance link shows once the session's queries answer; the level is known by then too.
    await screen.findByRole('link', { name: 'Account' })
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-offer', 'none'))
    expect(screen.queryByRole('button', { name: 'Premium' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument()
  })

  it('collapses the links behind a menu button with a close control', async () => {
    const { user } = renderTopBar()
    const menuButton = screen.getByRole('button', { name: 'Open menu' })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    expect(menuButton).toHaveAttribute('aria-controls', nav.id)
    expect(nav).toHaveAttribute('data-state', 'closed')

    await user.click(menuButton)
    expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    expect(nav).toHaveAttribute('data-state', 'open')
    const close = within(nav).getByRole('button', { name: 'Close menu' })
    expect(close).toHaveFocus()

    await user.click(close)
    expect(nav).toHaveAttribute('data-state', 'closed')
    expect(menuButton).toHaveFocus()
  })

  it('closes the menu on Escape and when a link is followed', async () => {
    const { user } = renderTopBar()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    await user.keyboard('{Escape}')
    expect(nav).toHaveAttribute('data-state', 'closed')

    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    await user.click(within(nav).getByRole('link', { name: 'Categories' }))
    expect(nav).toHaveAttribute('data-state', 'closed')
  })

  it("shows a signed-in reader's coin balance as a link to the shop, and updates it when the balance changes", async () => {
    const state = createMockState()
    creditMockCoins(state, 'user-reader', 30)
    const { user, navigate, queryClient } = renderWithKit(<TopBar />, { viewer: 'free', mocks: { state } })
    const balance = await screen.findByRole('link', { name: 'Your coins 30 coins' })
    expect(balance).toHaveAttribute('href', '/coins')
    // Outside the collapsible menu, so it shows at every width.
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: /Your coins/ })).toBeNull()
    creditMockCoins(state, 'user-reader', 10)
    await queryClient.invalidateQueries()
    expect(await screen.findByRole('link', { name: 'Your coins 40 coins' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Your coins 40 coins' }))
    expect(navigate).toHaveBeenCalledWith('/coins')
  })

  it('shows no coin balance to a guest', async () => {
    renderTopBar('guest')
    await screen.findByRole('button', { name: 'Sign In' })
    expect(screen.queryByRole('link', { name: /Your coins/ })).toBeNull()
    expect(screen.queryByText(/coins?$/)).toBeNull()
  })

  it('takes its copy from the messages', () => {
    renderWithKit(<TopBar />, { messages: { 'nav.premium': 'Премиум', 'nav.signIn': 'Войти' } })
    expect(screen.getByRole('button', { name: 'Премиум' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument()
  })
})
