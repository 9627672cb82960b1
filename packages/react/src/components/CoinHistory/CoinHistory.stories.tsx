import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { creditMockCoins, MOCK_CHAPTERS, mockChapterId, type MockState } from '@comics/mocks'
import { CoinHistory } from './CoinHistory'

const READER = 'user-reader'
const chapters = MOCK_CHAPTERS.filter((c) => c.comicsId === '4')
const fourth = chapters.find((c) => c.id === mockChapterId('4', 4))!

/** The coin history of the account page. */
const meta = {
  title: 'Coins/CoinHistory',
  component: CoinHistory,
  globals: { viewer: 'free' },
} satisfies Meta<typeof CoinHistory>

export default meta
type Story = StoryObj<typeof meta>

/** The history, empty. */
export const HistoryEmpty: Story = {
  render: () => <CoinHistory />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No coin activity yet.')).toBeVisible()
  },
}

/** The history with a support credit. */
export const History: Story = {
  render: () => <CoinHistory />,
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, READER, 30, 'Sorry for the outage') } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Credit from support: Sorry for the outage')).toBeVisible()
  },
}

/** The history could not be loaded. */
export const HistoryError: Story = {
  render: () => <CoinHistory />,
  parameters: { kit: { mocks: { errors: { listCoinHistory: 500 } } } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong'))
  },
}
