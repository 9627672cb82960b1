import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { creditMockCoins, MOCK_CHAPTERS, mockChapterId, type MockState } from '@comics/mocks'
import { CoinShop } from './CoinShop'

const READER = 'user-reader'
const chapters = MOCK_CHAPTERS.filter((c) => c.comicsId === '4')
const fourth = chapters.find((c) => c.id === mockChapterId('4', 4))!

/** The coin shop in every state: packs, loading, error, back from paying. */
const meta = {
  title: 'Coins/CoinShop',
  component: CoinShop,
  globals: { viewer: 'free' },
  args: { redirect: () => {} },
} satisfies Meta<typeof CoinShop>

export default meta
type Story = StoryObj<typeof meta>

/** The shop: the packs, the Coin rules, and Buy disabled until the terms are accepted, saying so. */
export const Shop: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Coins have no real-world value, are non-transferable and non-refundable.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Buy for $4.99' })).toBeDisabled()
    await expect(canvas.getByRole('button', { name: 'Buy for $4.99' })).toHaveAccessibleDescription('Accept the terms to continue')
    await expect(canvas.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-of-use')
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
