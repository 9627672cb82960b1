import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { kitOf, page } from '../../../../../.storybook/stories'
import { UpgradeBanner } from './UpgradeBanner'

const meta = {
  title: 'Comic page/UpgradeBanner',
  component: UpgradeBanner,
  args: { kind: 'continue' },
} satisfies Meta<typeof UpgradeBanner>

export default meta
type Story = StoryObj<typeof meta>

/** No subscription: unlock the full story. 'Get in now' goes to /premium. */
export const Continue: Story = {
  globals: { viewer: 'free' },
  play: async (context) => {
    await userEvent.click(context.canvas.getByRole('link', { name: 'Get in now' }))
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/premium')
  },
}

/** A guest: 'Get in now' opens the sign-in modal and the page stays. */
export const Guest: Story = {
  globals: { viewer: 'guest' },
  play: async (context) => {
    await userEvent.click(context.canvas.getByRole('link', { name: 'Get in now' }))
    await expect(await page(context.canvasElement).findByRole('dialog', { name: 'Sign In' })).toBeVisible()
    await expect(kitOf(context).navigate).not.toHaveBeenCalled()
  },
}

/** Level 2 or lower on a comic with an uncensored edition. */
export const Uncensored: Story = {
  args: { kind: 'uncensored' },
}
