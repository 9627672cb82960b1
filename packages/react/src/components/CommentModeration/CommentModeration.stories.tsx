import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { seedMockComments, type MockState } from '@comics/mocks'
import { CommentModeration } from './CommentModeration'

const reported = (state: MockState) => {
  seedMockComments(state, '401', [
    {
      text: 'Buy cheap coins at spam.example',
      authorUid: 'user-level2',
      reports: [
        { uid: 'user-reader', reason: 'spam', note: 'advert', createdAt: '2026-01-02T10:00:00.000Z' },
        { uid: 'user-level1', reason: 'spam', note: '', createdAt: '2026-01-02T11:00:00.000Z' },
      ],
    },
    { text: 'The ending: she was the villain', authorUid: 'user-level3', reports: [{ uid: 'user-reader', reason: 'spoiler', note: '', createdAt: '2026-01-03T10:00:00.000Z' }] },
  ])
}

/** The admin's moderation queue: hide, restore, delete, suspend the author. */
const meta = {
  title: 'Admin/CommentModeration',
  component: CommentModeration,
  globals: { viewer: 'admin' },
  parameters: { kit: { prepareState: reported } },
} satisfies Meta<typeof CommentModeration>

export default meta
type Story = StoryObj<typeof meta>

/** Two reported comments, most reported first; hiding one takes it off the queue. */
export const Queue: Story = {
  play: async ({ canvas }) => {
    const items = await canvas.findAllByRole('listitem')
    await expect(items[0]).toHaveTextContent('2 reports')
    await userEvent.click((await canvas.findAllByRole('button', { name: 'Hide' }))[0]!)
    await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Hide' })).toHaveLength(1))
  },
}

/** Nothing reported. */
export const Empty: Story = {
  parameters: { kit: { prepareState: () => {} } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No reported comments.')).toBeVisible()
  },
}

/** While the queue loads. */
export const Loading: Story = { parameters: { kit: { mocks: { latencyMs: { listCommentReports: 'infinite' } } } } }

/** The queue could not be loaded. */
export const Failed: Story = {
  parameters: { kit: { mocks: { errors: { listCommentReports: 500 } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toBeVisible()
  },
}
