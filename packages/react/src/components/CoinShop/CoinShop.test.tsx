import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createMockState, creditMockCoins, MOCK_CHAPTERS, mockChapterId, settleMockCheckout } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { EpisodeList } from '../EpisodeList'
import { CoinBalance } from '../CoinBalance/CoinBalance'
import { CoinHistory } from '../CoinHistory/CoinHistory'
import { CoinShop } from './CoinShop'
import { EpisodeUnlock } from '../EpisodeUnlock/EpisodeUnlock'
import { useViewer } from '../../hooks'
import { Reader } from '../Reader/Reader'

const READER = 'user-reader'
const chaptersOf = (comicId: string) => MOCK_CHAPTERS.filter((c) => c.comicsId === comicId)
const fourth = () => chaptersOf('4').find((c) => c.id === mockChapterId('4', 4))!

describe('CoinBalance', () => {
  it("shows the signed-in reader's balance, and nothing to a guest", async () => {
    const state = createMockState()
    creditMockCoins(state, READER, 20)
    renderWithKit(<CoinBalance />, { viewer: 'free', mocks: { state } })
    expect(await screen.findByText('20 coins')).toBeInTheDocument()
  })

  it('renders nothing for a guest', () => {
    const { container } = renderWithKit(<CoinBalance />, { viewer: 'guest' })
    expect(container).toBeEmptyDOMElement()
  })
})

describe('CoinShop', () => {
  it('lists the packs with the Coin rules, and pays only once the terms are accepted', async () => {
    const state = createMockState()
    const redirect = vi.fn()
    const { user, events } = renderWithKit(<CoinShop returnUrl="http://localhost:5173/coins?return=%2Fcomic%2F4%2F1" redirect={redirect} />, { viewer: 'free', mocks: { state } })
    expect(await screen.findByText('Coins have no real-world value, are non-transferable and non-refundable.')).toBeInTheDocument()
    expect(screen.getAllByRole('radio')).toHaveLength(4)
    expect(screen.getByText('+10 bonus')).toBeInTheDocument()
    const pay = screen.getByRole('button', { name: 'Buy for $4.99' })
    expect(pay).toBeDisabled()
    // Why Buy is disabled is said, and read with it; the terms it names are a link to their page.
    expect(pay).toHaveAccessibleDescription('Accept the terms to continue')
    const terms = screen.getByRole('checkbox', { name: 'I have read and agree to the Terms and Conditions and understand the Coin rules' })
    expect(within((terms as HTMLInputElement).labels![0]!).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-of-use')
    await user.click(screen.getByRole('radio', { name: /110|100 coins/ }))
    await user.click(terms)
    expect(screen.queryByText('Accept the terms to continue')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Buy for $9.99' }))
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1))
    const order = state.checkouts.at(-1)!
    expect(order).toMatchObject({ kind: 'coins', planId: 'coins-100', amount: 999 })
    expect(events).toContainEqual({ name: 'coin_pack_checkout', params: { pack_id: 'coins-100', value: 9.99 } })
    expect(order.urlSuccess).toBe(`http://localhost:5173/coins?return=%2Fcomic%2F4%2F1&checkout=${order.id}`)
  })

  it('back from paying: processing, then the coins credited and the way back to the episode', async () => {
    const state = createMockState()
    // An order the reader paid on the payment page with a delayed card: still settling when they are back.
    state.checkouts.push({ id: 'checkout-coins', userId: READER, kind: 'coins', planId: 'coins-50', level: 0, urlSuccess: 'http://localhost/coins', status: 'processing', amount: 499, subscriptionId: null, coinEntryId: null })
    const back = renderWithKit(<CoinShop checkoutId="checkout-coins" returnTo="/comic/4/x" />, { viewer: 'free', mocks: { state } })
    expect(await within(back.container).findByText('Payment processing…')).toBeInTheDocument()
    settleMockCheckout(state, 'checkout-coins', 'paid')
    expect(await within(back.container).findByText('50 coins were added to your balance.', {}, { timeout: 3000 })).toBeInTheDocument()
    expect(within(back.container).getByRole('link', { name: 'Back to the episode' })).toHaveAttribute('href', '/comic/4/x')
  })
})

describe('EpisodeUnlock', () => {
  it('asks a guest to sign in', async () => {
    renderWithKit(<EpisodeUnlock chapter={fourth()} chapters={chaptersOf('4')} />, { viewer: 'guest' })
    expect(await screen.findByRole('button', { name: 'Sign in to unlock this episode' })).toBeInTheDocument()
  })

  it('never asks a subscriber to pay coins', async () => {
    renderWithKit(
      <>
        <div data-testid="unlock"><EpisodeUnlock chapter={fourth()} chapters={chaptersOf('4')} /></div>
        <ViewerLevel />
      </>,
      { viewer: 'level1' },
    )
    // Rendered with the same viewer: once its level is known, the offer is decided.
    expect(await screen.findByText('Level 1')).toBeInTheDocument()
    expect(screen.getByTestId('unlock')).toBeEmptyDOMElement()
  })

  it('unlocks for 10 coins, then opens the episode; the list shows it open', async () => {
    const state = createMockState()
    creditMockCoins(state, READER, 10)
    const onUnlocked = vi.fn()
    const { user, events } = renderWithKit(
      <>
        <EpisodeUnlock chapter={fourth()} chapters={chaptersOf('4')} onUnlocked={onUnlocked} />
        <CoinBalance />
        <EpisodeList comicId="4" />
      </>,
      { viewer: 'free', mocks: { state } },
    )
    await user.click(await screen.findByRole('button', { name: 'Unlock for 10 coins' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Unlock this episode for 10 coins?' })).getByRole('button', { name: 'Spend 10 coins' }))
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledWith(fourth().id))
    expect(events).toContainEqual({ name: 'episode_unlocked_with_coins', params: { comic_id: '4', chapter_id: fourth().id, coins: 10 } })
    expect(await screen.findByText('0 coins')).toBeInTheDocument()
    await waitFor(() => {
      const row = screen.getAllByRole('listitem').find((r) => within(r).queryByText('Episode 4'))!
      expect(row).toHaveAttribute('data-locked', 'false')
      expect(within(row).getByRole('link', { name: 'Open Episode 4' })).toBeInTheDocument()
    })
    // The episode carries its mark: unlocked by this reader, for good.
    const unlockedRow = screen.getAllByRole('listitem').find((r) => within(r).queryByText('Episode 4'))!
    expect(within(unlockedRow).getByText('Unlocked')).toBeInTheDocument()
    expect(screen.getAllByText('Unlocked')).toHaveLength(1)
    const fifth = screen.getAllByRole('listitem').find((r) => within(r).queryByText('Episode 5'))!
    expect(fifth).toHaveAttribute('data-locked', 'true')
    expect(within(fifth).getByRole('button', { name: 'Open Episode 5, Locked' })).toBeInTheDocument()
    expect(within(fifth).getByRole('link', { name: 'Unlock for 10 coins' })).toBeInTheDocument()
    const fourthRow = screen.getAllByRole('listitem').find((r) => within(r).queryByText('Episode 4'))!
    expect(within(fourthRow).queryByRole('link', { name: 'Unlock for 10 coins' })).toBeNull()
  })

  it("the reader's List Episodes shows the episode unlocked with coins open, and the next one still locked", async () => {
    const state = createMockState()
    creditMockCoins(state, READER, 10)
    const onUnlocked = vi.fn()
    const { user } = renderWithKit(
      <>
        <EpisodeUnlock chapter={fourth()} chapters={chaptersOf('4')} onUnlocked={onUnlocked} />
        <Reader comicId="4" chapterId={mockChapterId('4', 1)} />
      </>,
      { viewer: 'free', mocks: { state } },
    )
    await user.click(await screen.findByRole('button', { name: 'Unlock for 10 coins' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Unlock this episode for 10 coins?' })).getByRole('button', { name: 'Spend 10 coins' }))
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledWith(fourth().id))
    await user.click(await screen.findByRole('button', { name: 'List Episodes' }))
    const overlay = within(await screen.findByRole('dialog', { name: 'List Episodes' }))
    const row = (title: string) => overlay.getByText(title).closest('li')!
    await waitFor(() => expect(within(row('Episode 5')).getByRole('link', { name: 'Unlock for 10 coins' })).toBeInTheDocument())
    expect(row('Episode 5')).toHaveAttribute('data-locked', 'true')
    await waitFor(() => expect(row('Episode 4')).toHaveAttribute('data-locked', 'false'))
    expect(within(row('Episode 4')).queryByRole('link', { name: 'Unlock for 10 coins' })).toBeNull()
  })

  it('with too few coins offers the shop, which comes back to the episode, or a subscription', async () => {
    const state = createMockState()
    creditMockCoins(state, READER, 4)
    renderWithKit(<EpisodeUnlock chapter={fourth()} chapters={chaptersOf('4')} />, { viewer: 'free', mocks: { state } })
    expect(await screen.findByText('You need 6 more coins to unlock this episode.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Get coins' })).toHaveAttribute('href', `/coins?return=${encodeURIComponent(`/comic/4/${fourth().id}`)}`)
    expect(screen.getByRole('link', { name: 'Subscribe to read every episode' })).toHaveAttribute('href', '/premium')
    expect(screen.queryByRole('button', { name: /Unlock for/ })).not.toBeInTheDocument()
  })
})

describe('CoinHistory', () => {
  it('says when there is nothing yet, and lists entries newest first', async () => {
    const empty = renderWithKit(<CoinHistory />, { viewer: 'free' })
    expect(await within(empty.container).findByText('No coin activity yet.')).toBeInTheDocument()
    empty.unmount()
    const state = createMockState()
    creditMockCoins(state, READER, 30, 'Sorry for the outage')
    renderWithKit(<CoinHistory />, { viewer: 'free', mocks: { state } })
    expect(await screen.findByText('Credit from support: Sorry for the outage')).toBeInTheDocument()
    expect(screen.getByText('+30')).toBeInTheDocument()
  })

  it('shows a failure with a retry', async () => {
    renderWithKit(<CoinHistory />, { viewer: 'free', mocks: { errors: { listCoinHistory: 500 } } })
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong')
  })
})

/** The viewer's level once it is known, as EpisodeUnlock reads it. */
function ViewerLevel() {
  const viewer = useViewer()
  return viewer.isPending ? null : <p>Level {viewer.level}</p>
}
