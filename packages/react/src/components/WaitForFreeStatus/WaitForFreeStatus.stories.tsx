import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { MOCK_CHAPTERS, mockChapterId, startMockWaitForFreeTimer, type MockState } from '@comics/mocks'
import { EpisodeList } from '../EpisodeList'
import { EpisodeUnlock } from '../EpisodeUnlock'
import { WaitForFreeStatus } from './WaitForFreeStatus'

const READER = 'user-reader'
const COMIC = '4'
const chapters = MOCK_CHAPTERS.filter((c) => c.comicsId === COMIC)
const fourth = chapters.find((c) => c.id === mockChapterId(COMIC, 4))!

/** The comic frees an episode every 24 hours; the newest one is kept out. */
const daily = (state: MockState) => {
  state.waitForFree[COMIC] = { waitHours: 24, newestExcluded: 1 }
}
/** …and the reader used it 19 minutes ago: 23:41 left. */
const dailyUsed = (state: MockState) => {
  daily(state)
  startMockWaitForFreeTimer(state, READER, COMIC, new Date(Date.now() - 19 * 60_000))
}

/** Free after a wait: one locked episode freed per wait, per comic, for a signed-in reader. */
const meta = {
  title: 'Coins/WaitForFree',
  component: WaitForFreeStatus,
  globals: { viewer: 'free' },
  args: { comicId: COMIC },
} satisfies Meta<typeof WaitForFreeStatus>

export default meta
type Story = StoryObj<typeof meta>

/** The comic page's card: the next free episode is ready. */
export const StatusFreeNow: Story = {
  parameters: { kit: { prepareState: daily } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Free now')).toBeVisible()
    await expect(canvas.getByText('One episode free every 24 hours')).toBeVisible()
  },
}

/** The card while the timer runs: a live countdown. */
export const StatusCountingDown: Story = {
  parameters: { kit: { prepareState: dailyUsed } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^Free in 23:4[0-2]$/)).toBeVisible()
  },
}

/** A comic whose wait is off (the default) shows nothing; so does a guest's view. */
export const StatusOff: Story = {
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect(canvasElement.querySelector('.comics-wait-for-free-status')).toBeNull()
  },
}

/** A guest sees no timer: signing in comes first. */
export const StatusGuest: Story = {
  globals: { viewer: 'guest' },
  parameters: { kit: { prepareState: daily } },
}

/** The reader's unlock choice with the timer ready: 'Unlock free now' beside coins and subscribing. */
export const UnlockFreeNow: Story = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} onUnlocked={() => {}} />,
  parameters: { kit: { prepareState: daily } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Free now')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Unlock free now' }))
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull())
  },
}

/** The unlock choice while the timer runs: the countdown, and coins or subscribing to read now. */
export const UnlockFreeWaiting: Story = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} onUnlocked={() => {}} />,
  parameters: { kit: { prepareState: dailyUsed } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^Free in 23:4[0-2]$/)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Unlock free now' })).toBeNull()
  },
}

/** The free unlock failed on the service: said so. */
export const UnlockFreeError: Story = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} onUnlocked={() => {}} />,
  parameters: { kit: { prepareState: daily, mocks: { errors: { unlockEpisodeFree: 500 } } } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Unlock free now' }))
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('The free episode could not be unlocked. Please try again.'))
  },
}

/** The episode list: locked rows say 'Free in 23:41' (the newest row, kept out, does not). */
export const ListCountingDown: Story = {
  render: () => <EpisodeList comicId={COMIC} />,
  parameters: { kit: { prepareState: dailyUsed } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByText(/^Free in 23:4[0-2]$/).length).toBe(chapters.length - 3 - 1))
  },
}

/** The episode list with the timer ready: 'Free now' on each locked row it may open. */
export const ListFreeNow: Story = {
  render: () => <EpisodeList comicId={COMIC} />,
  parameters: { kit: { prepareState: daily } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByText('Free now').length).toBe(chapters.length - 3 - 1))
  },
}
