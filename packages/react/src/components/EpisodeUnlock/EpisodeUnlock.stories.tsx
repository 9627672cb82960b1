import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { page } from '../../../../../.storybook/stories'
import { creditMockCoins, MOCK_CHAPTERS, mockChapterId, type MockState } from '@comics/mocks'
import { EpisodeUnlock } from './EpisodeUnlock'

const READER = 'user-reader'
const chapters = MOCK_CHAPTERS.filter((c) => c.comicsId === '4')
const fourth = chapters.find((c) => c.id === mockChapterId('4', 4))!

/** The choice on a locked episode: unlock with coins, or subscribe. */
const meta = {
  title: 'Coins/EpisodeUnlock',
  component: EpisodeUnlock,
  globals: { viewer: 'free' },
  args: { chapter: fourth, chapters },
} satisfies Meta<typeof EpisodeUnlock>

export default meta
type Story = StoryObj<typeof meta>

/** A locked episode for a reader with enough coins: unlock it, or subscribe. */
export const UnlockChoice: Story = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} onUnlocked={() => {}} />,
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, READER, 25) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Unlock for 10 coins' })).toBeEnabled()
    await expect(canvas.getByText('You have 25 coins')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Subscribe to read every episode' })).toBeVisible()
  },
}

/** 'Unlock for 10 coins' asks first, in a dialog that keeps focus: 'Not now' spends nothing and gives focus back. */
export const UnlockConfirm: Story = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} onUnlocked={() => {}} />,
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, READER, 25) } },
  play: async ({ canvas, canvasElement }) => {
    const unlock = await canvas.findByRole('button', { name: 'Unlock for 10 coins' })
    await waitFor(() => expect(unlock).toBeEnabled())
    await userEvent.click(unlock)
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Unlock this episode for 10 coins?' }))
    await expect(dialog.getByRole('button', { name: 'Not now' })).toHaveFocus()
    await userEvent.tab()
    await expect(dialog.getByRole('button', { name: 'Spend 10 coins' })).toHaveFocus()
    await userEvent.tab()
    await expect(dialog.getByRole('button', { name: 'Not now' })).toHaveFocus()
    await userEvent.click(dialog.getByRole('button', { name: 'Not now' }))
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull())
    await expect(unlock).toHaveFocus()
    await expect(canvas.getByText('You have 25 coins')).toBeVisible()
  },
}

/** Too few coins: the shop is offered, and it comes back to the episode. */
export const UnlockShortBalance: Story = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} />,
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, READER, 4) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You need 6 more coins to unlock this episode.')).toBeVisible()
    await expect(canvas.getByText('You have 4 coins')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Get coins' })).toBeVisible()
  },
}

/** The unlock failed on the service: said so; the reader may try again. */
export const UnlockError: Story = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} onUnlocked={() => {}} />,
  parameters: {
    kit: {
      mocks: { errors: { unlockEpisode: 500 } },
      prepareState: (state: MockState) => void creditMockCoins(state, READER, 25),
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const unlock = await canvas.findByRole('button', { name: 'Unlock for 10 coins' })
    await waitFor(() => expect(unlock).toBeEnabled())
    await userEvent.click(unlock)
    await userEvent.click(within(await page(canvasElement).findByRole('dialog')).getByRole('button', { name: 'Spend 10 coins' }))
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('The episode could not be unlocked. Please try again.'))
  },
}

/** A guest is asked to sign in first. */
export const UnlockGuest: Story = {
  render: () => <EpisodeUnlock chapter={fourth} chapters={chapters} />,
  globals: { viewer: 'guest' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Sign in to unlock this episode' })).toBeVisible()
  },
}
