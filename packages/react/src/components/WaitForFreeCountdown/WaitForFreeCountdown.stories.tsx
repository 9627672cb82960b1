import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { startMockWaitForFreeTimer, type MockState } from '@comics/mocks'
import { WaitForFreeCountdown } from './WaitForFreeCountdown'

const READER = 'user-reader'
const COMIC = '4'

/** The comic frees an episode every 24 hours. */
const daily = (state: MockState) => {
  state.waitForFree[COMIC] = { waitHours: 24, newestExcluded: 1 }
}

/** 'Free now' or 'Free in 23:41', counted down live by the server's clock, wherever a screen puts it. */
const meta = {
  title: 'Coins/WaitForFreeCountdown',
  component: WaitForFreeCountdown,
  globals: { viewer: 'free' },
  args: { comicId: COMIC },
} satisfies Meta<typeof WaitForFreeCountdown>

export default meta
type Story = StoryObj<typeof meta>

/** The timer is ready. */
export const Ready: Story = {
  parameters: { kit: { prepareState: daily } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Free now')).toBeVisible()
  },
}

/** The reader used it 19 minutes ago: 23:41 left. */
export const CountingDown: Story = {
  parameters: {
    kit: {
      prepareState: (state: MockState) => {
        daily(state)
        startMockWaitForFreeTimer(state, READER, COMIC, new Date(Date.now() - 19 * 60_000))
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^Free in 23:4[0-2]$/)).toBeVisible()
  },
}

/** A comic whose wait is off shows nothing. */
export const Off: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.comics-wait-for-free')).toBeNull()
  },
}
