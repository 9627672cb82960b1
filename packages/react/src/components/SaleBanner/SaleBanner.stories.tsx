import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { kitOf } from '../../../../../.storybook/stories'
import { SaleBanner } from './SaleBanner'

const meta = {
  title: 'Home/SaleBanner',
  component: SaleBanner,
} satisfies Meta<typeof SaleBanner>

export default meta
type Story = StoryObj<typeof meta>

/** 'Become a member' goes to /premium. */
export const Default: Story = {
  play: async (context) => {
    await userEvent.click(context.canvas.getByRole('link', { name: 'Become a member' }))
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/premium')
  },
}

export const PartnerTheme: Story = {
  globals: { theme: 'partner' },
}
