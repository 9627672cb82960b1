import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { seedMockComments, type MockState } from '@comics/mocks'
import { page } from '../../../../../.storybook/stories'
import { CommentList } from './CommentList'

const EPISODE = '401'
const MARKUP = '<script>alert(1)</script> <img src=x onerror=alert(2)> see https://evil.example'
const conversation = (state: MockState) => {
  const [first] = seedMockComments(state, EPISODE, [
    { text: 'That cliffhanger! Cannot wait for next week.', likedBy: ['user-level1', 'user-level2'] },
    { text: 'The hero dies at the end of the arc.', spoiler: true, authorUid: 'user-level2' },
    { text: MARKUP, authorUid: 'user-level3' },
    { text: 'Thanks for reading, everyone!', byCreator: true, authorUid: 'user-admin', pinned: true },
    { text: 'My own comment, editable.', authorUid: 'user-reader' },
  ])
  seedMockComments(state, EPISODE, [{ text: 'Same here!', parentId: first!.id, authorUid: 'user-level4' }])
}

/** Comments below an episode: top or newest, pinned first, replies one level deep, likes, spoilers, reports. */
const meta = {
  title: 'Reader/CommentList',
  component: CommentList,
  args: { chapterId: EPISODE },
  globals: { viewer: 'free' },
  parameters: { kit: { prepareState: conversation } },
} satisfies Meta<typeof CommentList>

export default meta
type Story = StoryObj<typeof meta>

/** A conversation: the creator's pinned comment first, markup shown as text, a spoiler blurred until shown. */
export const Conversation: Story = {
  play: async ({ canvas, canvasElement }) => {
    const items = await canvas.findAllByRole('article')
    await expect(items[0]).toHaveTextContent('Thanks for reading')
    await expect(within(items[0]!).getByText('Creator')).toBeVisible()
    await expect(await canvas.findByText(MARKUP)).toBeVisible()
    await expect(canvasElement.querySelector('script, img[src="x"], a[href]')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Show spoiler' }))
    await expect(canvas.queryByRole('button', { name: 'Show spoiler' })).toBeNull()
  },
}

/** A reader posts, replies and likes; the counts follow. */
export const PostReplyLike: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Write a comment' }), 'Posted from the story')
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }))
    await expect(await canvas.findByText('Posted from the story')).toBeVisible()
    const first = (await canvas.findAllByRole('article')).find((item) => item.textContent?.includes('That cliffhanger'))!
    await userEvent.click(within(first).getByRole('button', { name: 'Reply' }))
    await userEvent.type(within(first.parentElement!).getByRole('textbox', { name: 'Write a reply' }), 'A reply')
    await userEvent.click(within(first.parentElement!).getByRole('button', { name: 'Post' }))
    await expect(await canvas.findByText('A reply')).toBeVisible()
    const like = within(first).getByRole('button', { name: /^Like, 2 likes/ })
    await userEvent.click(like)
    await waitFor(() => expect(within(first).getByRole('button', { name: /^Like, 3 likes/ })).toHaveAttribute('aria-pressed', 'true'))
  },
}

/** Newest first. */
export const Newest: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Newest' }))
    await expect(canvas.getByRole('button', { name: 'Newest' })).toHaveAttribute('aria-pressed', 'true')
  },
}

/** A guest reads; writing opens the sign-in modal. */
export const Guest: Story = {
  globals: { viewer: 'guest' },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findAllByRole('article')
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in to comment' }))
    await page(canvasElement).findByRole('dialog', { name: 'Sign In' })
  },
}

/** No comments yet. */
export const Empty: Story = {
  parameters: { kit: { prepareState: () => {} } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No comments yet. Be the first.')).toBeVisible()
  },
}

/** While the comments load. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listComments: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading comments…')).toBeVisible()
  },
}

/** The comments could not be loaded: it says so, with a retry. */
export const Failed: Story = {
  parameters: { kit: { mocks: { errors: { listComments: 500 } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Comments could not be loaded.')
  },
}

/** A suspended reader's post is refused, and the form says why. */
export const Suspended: Story = {
  parameters: { kit: { mocks: { errors: { createComment: { status: 403, code: 'commenting_suspended' } } } } },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Write a comment' }), 'Let me in')
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('commenting is suspended')
  },
}

/** The creator pins and deletes. */
export const AsCreator: Story = {
  args: { moderator: true },
  globals: { viewer: 'admin' },
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('button', { name: 'Unpin' })).length).toBe(1)
  },
}
