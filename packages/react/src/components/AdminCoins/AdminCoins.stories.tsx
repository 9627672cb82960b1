import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { creditMockCoins, type MockState } from '@comics/mocks'
import { AdminCoins } from './AdminCoins'

const READER = 'user-reader'

/** An admin's view of one reader's coins: balance, history and a manual credit with its reason. */
const meta = {
  title: 'Admin/AdminCoins',
  component: AdminCoins,
  args: { userId: READER },
  globals: { viewer: 'admin' },
} satisfies Meta<typeof AdminCoins>

export default meta
type Story = StoryObj<typeof meta>

/** A reader with a support credit in the history. */
export const WithHistory: Story = {
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, READER, 30, 'Sorry for the outage') } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Balance: 30 coins')).toBeVisible()
    await expect(await canvas.findByText('Credit from support: Sorry for the outage')).toBeVisible()
  },
}

/** A reader who never had coins. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No coin activity yet.')).toBeVisible()
  },
}

/** Crediting: the balance and the history follow. */
export const Credit: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText('Balance: 0 coins')
    await userEvent.type(canvas.getByLabelText('Coins to credit'), '25')
    await userEvent.type(canvas.getByLabelText('Reason (kept in the ledger)'), 'Missing pages in episode 2')
    await userEvent.click(canvas.getByRole('button', { name: 'Credit coins' }))
    await expect(await canvas.findByRole('status')).toHaveTextContent('25 coins were credited.')
    await expect(await canvas.findByText('Balance: 25 coins')).toBeVisible()
  },
}

/** A pack bought, ten coins of it spent: the refund asks first, then takes back what is left. */
export const RefundPack: Story = {
  parameters: {
    kit: {
      prepareState: (state: MockState) => {
        const createdAt = new Date().toISOString()
        state.coinLedger.push(
          { id: 'coin-pack-story', userId: READER, kind: 'purchase', coins: 50, packId: 'coins-50', balanceAfter: 50, createdAt },
          { id: 'coin-unlock-story', userId: READER, kind: 'unlock', coins: -10, balanceAfter: 40, createdAt },
        )
      },
    },
  },
  play: async ({ canvas }) => {
    await canvas.findByText('Balance: 40 coins')
    await userEvent.click(await canvas.findByRole('button', { name: 'Refund pack' }))
    await expect(canvas.getByText(/Refund this pack of 50 coins/)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Refund now' }))
    await expect(await canvas.findByText('Refunded: 40 coins taken back.')).toBeVisible()
    await expect(await canvas.findByText('Balance: 0 coins')).toBeVisible()
  },
}

/** Bad input: a clear error on each field, nothing sent, what was typed kept. */
export const Invalid: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText('Balance: 0 coins')
    await userEvent.type(canvas.getByLabelText('Coins to credit'), '-3')
    await userEvent.click(canvas.getByRole('button', { name: 'Credit coins' }))
    await expect(canvas.getByText('Enter a whole number of coins from 1 to 100000.')).toBeVisible()
    await expect(canvas.getByText('Give a reason of 3 to 500 characters.')).toBeVisible()
  },
}

/** The balance could not be loaded: an alert with a retry. */
export const LoadError: Story = {
  parameters: { kit: { mocks: { errors: { adminCoinBalance: 500 } } } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('alert')[0]).toHaveTextContent('Something went wrong'))
  },
}

/** While the balance loads. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { adminCoinBalance: 'infinite' } } } },
}
