import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { PolicyPage } from './PolicyPage'

const meta = {
  title: 'Pages/PolicyPage',
  component: PolicyPage,
  args: {
    title: 'Payment and Refund Policy',
    onBack: fn(),
    children: (
      <>
        <p>Payments are in US dollars. Coins have no real-world value, are non-transferable and non-refundable.</p>
        <h2>Refunds</h2>
        <ul>
          <li>Refund requests must be made within 120 calendar days of the card payment.</li>
          <li>Review takes at least 48 hours.</li>
          <li>No reply to an information request within 7 days leads to rejection.</li>
        </ul>
      </>
    ),
  },
} satisfies Meta<typeof PolicyPage>

export default meta
type Story = StoryObj<typeof meta>

/** A back button, the title and the text. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Payment and Refund Policy' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: /Back/ }))
    await expect(args.onBack).toHaveBeenCalled()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
