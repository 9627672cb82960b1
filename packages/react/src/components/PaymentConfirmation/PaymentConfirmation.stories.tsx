import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { PaymentConfirmation } from './PaymentConfirmation'

// The mocks' checkouts start open; a checkout id they do not know answers 404 (shown as an error).
const meta = {
  title: 'Account/PaymentConfirmation',
  component: PaymentConfirmation,
  globals: { viewer: 'free' },
} satisfies Meta<typeof PaymentConfirmation>

export default meta
type Story = StoryObj<typeof meta>

/** Back from a checkout the mocks do not know: the error, with a retry. */
export const UnknownCheckout: Story = {
  args: { checkoutId: 'checkout-unknown' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeInTheDocument()
  },
}

/** No checkout in the address: nothing shows. */
export const NoCheckout: Story = {
  args: { checkoutId: undefined },
}
