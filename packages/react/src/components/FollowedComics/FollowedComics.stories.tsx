import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { mockChapterId, type MockState } from '@comics/mocks'
import { FollowedComics } from './FollowedComics'

const READER = 'user-reader'
/** The reader follows Silent Blade (since yesterday), whose 8th episode came out an hour ago, and another comic. */
const followingWithNew = (state: MockState) => {
  const now = Date.now()
  state.follows[READER] = [
    { comicId: '4', followedAt: now - 86_400_000 },
    { comicId: '5', followedAt: now - 2 * 86_400_000 },
  ]
  const fresh = state.chapters.find((chapter) => chapter.id === mockChapterId('4', 8))!
  fresh.publishAt = new Date(now - 3_600_000).toISOString()
}

/** The account's followed comics, each with its episodes new since the reader last read it. */
const meta = {
  title: 'Account/FollowedComics',
  component: FollowedComics,
  globals: { viewer: 'free' },
} satisfies Meta<typeof FollowedComics>

export default meta
type Story = StoryObj<typeof meta>

/** One comic with a new episode, one up to date. */
export const WithNewEpisodes: Story = {
  parameters: { kit: { prepareState: followingWithNew } },
  play: async ({ canvas }) => {
    const items = await canvas.findAllByRole('listitem')
    await expect(items[0]).toHaveTextContent('Silent Blade1 new')
    await expect(items[1]).toHaveTextContent('Up to date')
    await expect(canvas.getByRole('link', { name: 'Silent Blade' })).toHaveAttribute('href', '/comic/4')
  },
}

/** Nothing followed yet. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/You do not follow any comic yet/)).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listMyFollows: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading…')).toBeVisible()
  },
}

/** The list failed to load: a retry. */
export const Failed: Story = {
  parameters: { kit: { mocks: { errors: { listMyFollows: 500 } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled()
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
  },
}

/** A guest sees nothing. */
export const Guest: Story = {
  globals: { viewer: 'guest' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.comics-followed')).toBeNull()
  },
}
