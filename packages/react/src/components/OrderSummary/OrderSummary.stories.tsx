import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { OrderSummary } from './OrderSummary'

const meta = {
  title: 'Payment/OrderSummary',
  component: OrderSummary,
  args: { planId: '1week' },
} satisfies Meta<typeof OrderSummary>

export default meta
type Story = StoryObj<typeof meta>

/** The payment route's default plan (spec §9). */
export const OneWeek: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Your Order' })).toBeVisible()
    await expect(canvas.getByText('premium membership')).toBeVisible()
  },
}
export const FourWeeks: Story = { args: { planId: '4weeks' } }
export const TwelveWeeks: Story = { args: { planId: '12weeks' } }
export const TwentyFourWeeks: Story = { args: { planId: '24weeks' } }

/** An unknown plan id renders nothing. */
export const UnknownPlan: Story = {
  args: { planId: 'lifetime' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.comics-order-summary')).toBeNull()
  },
}
