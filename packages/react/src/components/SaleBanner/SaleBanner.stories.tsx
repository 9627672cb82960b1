import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
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
    await userEvent.click(await context.canvas.findByRole('link', { name: 'Become a member' }, { timeout: 5000 }))
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/premium')
  },
}

/** A subscriber is not courted: the sale (a first purchase's discount) shows nothing to them. */
export const Subscriber: Story = {
  globals: { viewer: 'level2' },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Become a member' })).toBeNull())
    await expect(canvas.queryByRole('region')).toBeNull()
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
