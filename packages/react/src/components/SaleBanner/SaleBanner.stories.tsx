import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { kitOf, page } from '../../../../../.storybook/stories'
import { SaleBanner } from './SaleBanner'

const meta = {
  title: 'Home/SaleBanner',
  component: SaleBanner,
} satisfies Meta<typeof SaleBanner>

export default meta
type Story = StoryObj<typeof meta>

/** 'Become a member' goes to /premium for a signed-in reader. */
export const Default: Story = {
  globals: { viewer: 'free' },
  play: async (context) => {
    await userEvent.click(context.canvas.getByRole('link', { name: 'Become a member' }))
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/premium')
  },
}

/** A guest: 'Become a member' opens the sign-in modal and the page stays. */
export const Guest: Story = {
  globals: { viewer: 'guest' },
  play: async (context) => {
    await userEvent.click(context.canvas.getByRole('link', { name: 'Become a member' }))
    await expect(await page(context.canvasElement).findByRole('dialog', { name: 'Sign In' })).toBeVisible()
    await expect(kitOf(context).navigate).not.toHaveBeenCalled()
  },
}

export const PartnerTheme: Story = {
  globals: { theme: 'partner' },
}
