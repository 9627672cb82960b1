import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { COMMENT_MAX_LENGTH } from '@comics/core'
import { CommentForm } from './CommentForm'

/** Writing a comment: plain text, a length limit, a spoiler mark. */
const meta = {
  title: 'Reader/CommentForm',
  component: CommentForm,
  args: { onSubmit: fn(async () => {}) },
  globals: { viewer: 'free' },
} satisfies Meta<typeof CommentForm>

export default meta
type Story = StoryObj<typeof meta>

/** Empty: Post waits for text. */
export const Ready: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeDisabled()
    await userEvent.type(canvas.getByRole('textbox', { name: 'Write a comment' }), 'Nice')
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Contains spoilers' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ text: 'Nice', spoiler: true })
  },
}

/** Over the limit: it says so and Post stays off. */
export const TooLong: Story = {
  args: { variant: 'edit', initialText: 'a'.repeat(COMMENT_MAX_LENGTH + 5) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(`Comments are at most ${COMMENT_MAX_LENGTH} characters.`)).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled()
  },
}

/** A reply, with Cancel. */
export const Reply: Story = { args: { variant: 'reply', onCancel: fn() } }

/** Refused: the text stays and the form says to try again. */
export const Failed: Story = {
  args: { onSubmit: fn(async () => Promise.reject(new Error('offline'))) },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Write a comment' }), 'Keep me')
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Your comment was not posted.')
    await expect(canvas.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('Keep me')
  },
}

/** A guest sees a sign-in button instead. */
export const Guest: Story = { globals: { viewer: 'guest' } }
