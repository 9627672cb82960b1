import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import type { MockState } from '@comics/mocks'
import { PaymentConfirmation } from './PaymentConfirmation'

/** A checkout of the signed-in reader ('free') that the mock provider says is in `status`. */
const checkoutIn = (status: MockState['checkouts'][number]['status']) => (state: MockState) => {
  state.checkouts.push({
    id: 'checkout-story',
    userId: 'user-reader',
    planId: '4weeks',
    level: 2,
    urlSuccess: 'http://localhost:6006/account?checkout=checkout-story',
    status,
    amount: 1349,
    subscriptionId: null,
  })
}

const meta = {
  title: 'Account/PaymentConfirmation',
  component: PaymentConfirmation,
  globals: { viewer: 'free' },
  args: { checkoutId: 'checkout-story' },
} satisfies Meta<typeof PaymentConfirmation>

export default meta
type Story = StoryObj<typeof meta>

/** Back from the provider before it confirmed: asked again every second. */
export const Processing: Story = {
  parameters: { kit: { prepareState: checkoutIn('processing') } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Payment processing…')).toBeInTheDocument()
  },
}

/** The provider confirmed the payment: the membership is active. */
export const Confirmed: Story = {
  parameters: { kit: { prepareState: checkoutIn('paid') } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Payment received: your membership is active.')).toBeInTheDocument()
  },
}

/** The card was declined: a way back to the plans. */
export const Declined: Story = {
  parameters: { kit: { prepareState: checkoutIn('declined') } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Choose a plan and try again' })).toBeInTheDocument()
  },
}
