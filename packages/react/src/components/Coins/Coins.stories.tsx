import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { creditMockCoins, MOCK_CHAPTERS, mockChapterId, type MockState } from '@comics/mocks'
import { CoinBalance } from './CoinBalance'
import { CoinHistory } from './CoinHistory'
import { CoinShop } from './CoinShop'
import { EpisodeUnlock } from './EpisodeUnlock'

const READER = 'user-reader'
const chapters = MOCK_CHAPTERS.filter((c) => c.comicsId === '4')
const fourth = chapters.find((c) => c.id === mockChapterId('4', 4))!

/** The coin balance, shop, unlock choice and history, in every state. */
const meta = {
  title: 'Coins/Coins',
  component: CoinShop,
  globals: { viewer: 'free' },
  args: { redirect: () => {} },
} satisfies Meta<typeof CoinShop>

export default meta
type Story = StoryObj<typeof meta>

/** The shop: the packs, the Coin rules, and Buy disabled until the terms are accepted. */
export const Shop: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Coins have no real-world value, are non-transferable and non-refundable.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Buy for $4.99' })).toBeDisabled()
    await userEvent.click(canvas.getByRole('checkbox'))
    await expect(canvas.getByRole('button', { name: 'Buy for $4.99' })).toBeEnabled()
  },
}

/** The packs are on their way. */
export const ShopLoading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listCoinPacks: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading…')).toBeVisible()
  },
}

/** The packs could not be loaded: said so, with a retry. */
export const ShopError: Story = {
  parameters: { kit: { mocks: { errors: { listCoinPacks: 500 } } } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong'))
  },
}

/** Back from the payment page while the payment settles. */
export const PaymentProcessing: Story = {
  args: { checkoutId: 'checkout-story', returnTo: `/comic/4/${fourth.id}` },
  parameters: {
    kit: {
      prepareState: (state: MockState) =>
        state.checkouts.push({ id: 'checkout-story', userId: READER, kind: 'coins', planId: 'coins-50', level: 0, urlSuccess: 'http://localhost/coins', status: 'processing', amount: 499, subscriptionId: null, coinEntryId: null }),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Payment processing…')).toBeVisible()
  },
}

/** The balance in the top bar and the account. */
export const Balance: StoryObj<typeof CoinBalance> = {
  render: () => <CoinBalance />,
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, READER, 40) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('40 coins')).toBeVisible()
  },
}

/** A locked episode for a reader with enough coins: unlock it, or subscribe. */
export const UnlockChoice: StoryObj<typeof EpisodeUnlock> = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} onUnlocked={() => {}} />,
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, READER, 25) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Unlock for 10 coins' })).toBeEnabled()
    await expect(canvas.getByRole('link', { name: 'Subscribe to read every episode' })).toBeVisible()
  },
}

/** Too few coins: the shop is offered, and it comes back to the episode. */
export const UnlockShortBalance: StoryObj<typeof EpisodeUnlock> = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} />,
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, READER, 4) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You need 6 more coins to unlock this episode.')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Get coins' })).toBeVisible()
  },
}

/** The unlock failed on the service: said so; the reader may try again. */
export const UnlockError: StoryObj<typeof EpisodeUnlock> = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} onUnlocked={() => {}} />,
  parameters: {
    kit: {
      mocks: { errors: { unlockEpisode: 500 } },
      prepareState: (state: MockState) => void creditMockCoins(state, READER, 25),
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Unlock for 10 coins' }))
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('The episode could not be unlocked. Please try again.'))
  },
}

/** A guest is asked to sign in first. */
export const UnlockGuest: StoryObj<typeof EpisodeUnlock> = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} />,
  globals: { viewer: 'guest' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Sign in to unlock this episode' })).toBeVisible()
  },
}

/** The history, empty. */
export const HistoryEmpty: StoryObj<typeof CoinHistory> = {
  render: () => <CoinHistory />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No coin activity yet.')).toBeVisible()
  },
}

/** The history with a support credit. */
export const History: StoryObj<typeof CoinHistory> = {
  render: () => <CoinHistory />,
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, READER, 30, 'Sorry for the outage') } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Credit from support: Sorry for the outage')).toBeVisible()
  },
}

/** The history could not be loaded. */
export const HistoryError: StoryObj<typeof CoinHistory> = {
  render: () => <CoinHistory />,
  parameters: { kit: { mocks: { errors: { listCoinHistory: 500 } } } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong'))
  },
}
