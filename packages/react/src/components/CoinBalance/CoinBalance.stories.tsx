import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { creditMockCoins, MOCK_CHAPTERS, mockChapterId, type MockState } from '@comics/mocks'
import { CoinBalance } from './CoinBalance'

const READER = 'user-reader'
const chapters = MOCK_CHAPTERS.filter((c) => c.comicsId === '4')
const fourth = chapters.find((c) => c.id === mockChapterId('4', 4))!

/** The coin balance of the top bar and the account. */
const meta = {
  title: 'Coins/CoinBalance',
  component: CoinBalance,
  globals: { viewer: 'free' },
} satisfies Meta<typeof CoinBalance>

export default meta
type Story = StoryObj<typeof meta>

/** The balance in the top bar and the account. */
export const Balance: Story = {
  render: () => <CoinBalance />,
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, READER, 40) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('40 coins')).toBeVisible()
  },
}
