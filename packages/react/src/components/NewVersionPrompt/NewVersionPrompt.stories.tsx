import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { NewVersionPrompt } from './NewVersionPrompt'

/** A new build of the site is installed and waiting: Reload takes it, Later keeps reading. */
const meta = {
  title: 'App/NewVersionPrompt',
  component: NewVersionPrompt,
  args: { onReload: fn(), onDismiss: fn() },
} satisfies Meta<typeof NewVersionPrompt>

export default meta
type Story = StoryObj<typeof meta>

/** Waiting for the reader's word. */
export const Waiting: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('New version available')
    await userEvent.click(canvas.getByRole('button', { name: 'Reload' }))
    await expect(args.onReload).toHaveBeenCalled()
  },
}

/** Reload pressed: the new version is being taken. */
export const Reloading: Story = {
  args: { reloading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Reload' })).toBeDisabled()
  },
}
