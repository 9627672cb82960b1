import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import type { MockState } from '@comics/mocks'
import { page } from '../../../../../.storybook/stories'
import { FollowButton } from './FollowButton'

const READER = 'user-reader'
const following = (state: MockState) => {
  state.follows[READER] = [{ comicId: '4', followedAt: Date.now() - 86_400_000 }]
}

/** Follow a series from its page; its new episodes then show in the account and the episode list. */
const meta = {
  title: 'Comic page/FollowButton',
  component: FollowButton,
  args: { comicId: '4' },
  globals: { viewer: 'free' },
} satisfies Meta<typeof FollowButton>

export default meta
type Story = StoryObj<typeof meta>

/** Not followed yet: pressing follows it. */
export const NotFollowing: Story = {
  play: async ({ canvas }) => {
    const button = await canvas.findByRole('button', { name: 'Follow', pressed: false })
    await waitFor(() => expect(button).toBeEnabled())
    await userEvent.click(button)
    await expect(await canvas.findByRole('button', { name: 'Following', pressed: true })).toBeVisible()
  },
}

/** Followed: pressing unfollows it. */
export const Following: Story = {
  parameters: { kit: { prepareState: following } },
  play: async ({ canvas }) => {
    const button = await canvas.findByRole('button', { name: 'Following', pressed: true })
    await waitFor(() => expect(button).toBeEnabled())
    await userEvent.click(button)
    await expect(await canvas.findByRole('button', { name: 'Follow', pressed: false })).toBeVisible()
  },
}

/** A guest's press opens the sign-in modal. */
export const Guest: Story = {
  globals: { viewer: 'guest' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Follow' }))
    await page(canvasElement).findByRole('dialog', { name: 'Sign In' })
  },
}

/** While the followed comics load the button waits. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listMyFollows: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Follow' })).toBeDisabled()
  },
}

/** The change fails: it says so, and the button stays as it was, to press again. */
export const Failed: Story = {
  parameters: { kit: { mocks: { errors: { followComic: 500 } } } },
  play: async ({ canvas }) => {
    const button = await canvas.findByRole('button', { name: 'Follow', pressed: false })
    await waitFor(() => expect(button).toBeEnabled())
    await userEvent.click(button)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('That did not work. Please try again.')
    await expect(canvas.getByRole('button', { name: 'Follow', pressed: false })).toBeEnabled()
  },
}
