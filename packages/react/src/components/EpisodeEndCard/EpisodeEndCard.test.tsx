import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createMockState, creditMockCoins, MOCK_CHAPTERS, mockChapterId, type MockState } from '@comics/mocks'
import { readerPath, routes } from '@comics/core'
import { useAuthModal } from '../../hooks'
import { renderWithKit, type KitOptions } from '../../../test/render'
import { EpisodeEndCard } from './EpisodeEndCard'

const READER = 'user-reader'
const COMIC = '4'
const episodes = MOCK_CHAPTERS.filter((c) => c.comicsId === COMIC)
const third = mockChapterId(COMIC, 3)
const fourth = mockChapterId(COMIC, 4)
const last = episodes[episodes.length - 1]!

function ModalProbe() {
  const { isOpen, mode } = useAuthModal()
  return <output aria-label="auth modal">{isOpen ? mode : 'closed'}</output>
}

const renderCard = (chapterId: string, options: KitOptions & { uncensored?: boolean } = {}) =>
  renderWithKit(
    <>
      <EpisodeEndCard comicId={COMIC} chapterId={chapterId} uncensored={options.uncensored} />
      <ModalProbe />
    </>,
    options,
  )

const card = async (state: string) => {
  const region = await screen.findByRole('region', { name: /Next episode|You're all caught up/ })
  await waitFor(() => expect(region).toHaveAttribute('data-state', state))
  return within(region)
}

const withCoins = (coins: number) => {
  const state = createMockState()
  creditMockCoins(state, READER, coins)
  return state
}

describe('EpisodeEndCard', () => {
  it("names the next episode to a guest, locked, and 'Sign in to unlock this episode' opens the sign-in modal", async () => {
    const { user } = renderCard(third)
    const region = await card('sign-in')
    expect(region.getByRole('heading', { level: 2, name: 'Next episode' })).toBeInTheDocument()
    expect(region.getByText('Episode 4')).toBeInTheDocument()
    expect(region.getByText('Locked')).toBeInTheDocument()
    expect(region.getByText('Sign in to unlock it with coins or a subscription.')).toBeInTheDocument()
    expect(region.queryByRole('button', { name: /Unlock for/ })).toBeNull()
    await user.click(region.getByRole('button', { name: 'Sign in to unlock this episode' }))
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in')
  })

  it('shows a reader without a subscription their balance, the coin unlock, asked first, and the subscription', async () => {
    const { user, navigate } = renderCard(third, { viewer: 'free', mocks: { state: withCoins(25) } })
    const region = await card('unlock-or-subscribe')
    expect(await region.findByText('You have 25 coins')).toBeInTheDocument()
    expect(region.getByRole('link', { name: 'Subscribe to read every episode' })).toHaveAttribute('href', routes.premium)
    const unlock = region.getByRole('button', { name: 'Unlock for 10 coins' })
    await waitFor(() => expect(unlock).toBeEnabled())

    // 'Not now' spends nothing and gives focus back.
    await user.click(unlock)
    let dialog = await screen.findByRole('dialog', { name: 'Unlock this episode for 10 coins?' })
    expect(dialog).toHaveAccessibleDescription('You have 25 coins. The episode stays open to you for good.')
    expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(unlock).toHaveFocus()
    expect(navigate).not.toHaveBeenCalled()

    await user.click(unlock)
    dialog = await screen.findByRole('dialog', { name: 'Unlock this episode for 10 coins?' })
    await user.click(within(dialog).getByRole('button', { name: 'Spend 10 coins' }))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(readerPath(COMIC, fourth)))
  })

  it("with too few coins shows the balance beside what is missing, the shop and the subscription", async () => {
    renderCard(third, { viewer: 'free', mocks: { state: withCoins(4) } })
    const region = await card('unlock-or-subscribe')
    expect(await region.findByText('You have 4 coins')).toBeInTheDocument()
    expect(region.getByText('You need 6 more coins to unlock this episode.')).toBeInTheDocument()
    expect(region.getByRole('link', { name: 'Get coins' })).toBeInTheDocument()
    expect(region.getByRole('link', { name: 'Subscribe to read every episode' })).toBeInTheDocument()
    expect(region.queryByRole('button', { name: /Unlock for/ })).toBeNull()
  })

  it("on a comic that frees episodes after a wait, offers the free unlock when the timer is ready", async () => {
    const state: MockState = withCoins(0)
    state.waitForFree[COMIC] = { waitHours: 24, newestExcluded: 0 }
    renderCard(third, { viewer: 'free', mocks: { state } })
    const region = await card('unlock-or-subscribe')
    expect(await region.findByText('Free now')).toBeInTheDocument()
    expect(region.getByRole('button', { name: 'Unlock free now' })).toBeInTheDocument()
  })

  it("offers a subscriber 'Read the next episode', with no lock and no coins", async () => {
    renderCard(fourth, { viewer: 'level1' })
    const region = await card('open')
    expect(region.getByText('Episode 5')).toBeInTheDocument()
    expect(region.getByRole('link', { name: 'Read the next episode' })).toHaveAttribute('href', readerPath(COMIC, mockChapterId(COMIC, 5)))
    expect(region.queryByText('Locked')).toBeNull()
    expect(region.queryByText(/coins/)).toBeNull()
  })

  it("marks a next episode the reader unlocked 'Unlocked' and opens it; a free one 'Free'", async () => {
    const state = withCoins(0)
    state.coinUnlocks.push({ chapterId: fourth, comicsId: COMIC, userId: READER, coins: 10, unlockedAt: new Date().toISOString() })
    const { unmount } = renderCard(third, { viewer: 'free', mocks: { state } })
    let region = await card('open')
    expect(region.getByText('Unlocked')).toBeInTheDocument()
    expect(region.getByRole('link', { name: 'Read the next episode' })).toHaveAttribute('href', readerPath(COMIC, fourth))
    unmount()
    renderCard(mockChapterId(COMIC, 1))
    region = await card('open')
    expect(region.getByText('Episode 2')).toBeInTheDocument()
    expect(region.getByText('Free')).toBeInTheDocument()
  })

  it('in the uncensored edition offers only the subscription: coins never open it', async () => {
    renderCard(third, { viewer: 'free', uncensored: true, mocks: { state: withCoins(25) } })
    const region = await card('subscribe')
    expect(region.getByRole('link', { name: 'Subscribe to read every episode' })).toHaveAttribute('href', routes.premium)
    expect(region.queryByRole('button', { name: /Unlock for/ })).toBeNull()
  })

  it("after the last episode says the reader is all caught up", async () => {
    renderCard(last.id, { viewer: 'level1' })
    const region = await card('caught-up')
    expect(region.getByRole('heading', { level: 2, name: "You're all caught up" })).toBeInTheDocument()
    expect(region.getByText('There is no next episode yet. New episodes will show here.')).toBeInTheDocument()
    expect(region.queryByRole('link')).toBeNull()
  })
})
