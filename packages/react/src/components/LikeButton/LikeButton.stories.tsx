import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent } from 'storybook/test'
import { page } from '../../../../../.storybook/stories'
import { LikeButton } from './LikeButton'

function Toggling({ liked: initial, count: initialCount }: { liked: boolean; count: number }) {
  const [liked, setLiked] = useState(initial)
  const [count, setCount] = useState(initialCount)
  return (
    <LikeButton
      liked={liked}
      count={count}
      label="Like this episode"
      onToggle={(next) => {
        setLiked(next)
        setCount((current) => current + (next ? 1 : -1))
      }}
    />
  )
}

/** A like with its count, for an episode or a comment. */
const meta = {
  title: 'Reader/LikeButton',
  component: LikeButton,
  args: { liked: false, count: 41, label: 'Like this episode', onToggle: () => {} },
  // Pressing toggles the like and its count, as the episode's and the comments' owners do.
  render: ({ liked, count }) => <Toggling liked={liked} count={count} />,
  globals: { viewer: 'free' },
} satisfies Meta<typeof LikeButton>

export default meta
type Story = StoryObj<typeof meta>

/** Not liked: pressing likes it. */
export const NotLiked: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Like this episode, 41 likes', pressed: false }))
    await expect(canvas.getByRole('button', { name: 'Like this episode, 42 likes', pressed: true })).toBeVisible()
  },
}

/** Liked. */
export const Liked: Story = { args: { liked: true, count: 1 } }

/** A guest's press opens the sign-in modal. */
export const Guest: Story = {
  globals: { viewer: 'guest' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Like this episode/ }))
    await page(canvasElement).findByRole('dialog', { name: 'Sign In' })
  },
}
