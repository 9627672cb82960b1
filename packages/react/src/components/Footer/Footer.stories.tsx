import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { kitOf } from '../../../../../.storybook/stories'
import { Footer } from './Footer'

const meta = {
  title: 'Layout/Footer',
  component: Footer,
} satisfies Meta<typeof Footer>

export default meta
type Story = StoryObj<typeof meta>

/** Support mail links, the three policy links and the copyright line. */
export const Default: Story = {
  play: async (context) => {
    const { canvas } = context
    await expect(canvas.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:support@comics.example')
    await userEvent.click(canvas.getByRole('link', { name: 'Privacy Policy' }))
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/privacy-policy')
  },
}

/** An address given as a prop wins over the site config's. */
export const CustomSupportEmail: Story = {
  args: { supportEmail: 'help@partner.example' },
}

export const PartnerTheme: Story = {
  globals: { theme: 'partner' },
}
