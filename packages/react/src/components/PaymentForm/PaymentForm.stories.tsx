import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { kitOf } from '../../../../../.storybook/stories'
import { PaymentForm } from './PaymentForm'

const meta = {
  title: 'Payment/PaymentForm',
  component: PaymentForm,
  globals: { viewer: 'free' },
  args: { planId: '1week', onContinue: fn() },
} satisfies Meta<typeof PaymentForm>

export default meta
type Story = StoryObj<typeof meta>

/** Continue stays disabled until a method is chosen. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('combobox')
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled()
  },
}

/** Choose a method, then Continue: it records payment_continue_clicked with the plan and the method. */
export const ChooseAndContinue: Story = {
  args: { planId: '4weeks' },
  play: async (context) => {
    const { canvas, args } = context
    await userEvent.click(await canvas.findByRole('combobox'))
    await userEvent.click(canvas.getAllByRole('option')[0]!)
    const proceed = canvas.getByRole('button', { name: 'Continue' })
    await waitFor(() => expect(proceed).toBeEnabled())
    await userEvent.click(proceed)
    await expect(args.onContinue).toHaveBeenCalledTimes(1)
    await expect(kitOf(context).events.map((event) => event.name)).toContain('payment_continue_clicked')
  },
}

/** An unknown plan keeps Continue disabled. */
export const UnknownPlan: Story = {
  args: { planId: 'lifetime' },
}

export const MethodsLoading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listPaymentSystems: 'infinite' } } } },
}

export const MethodsError: Story = {
  parameters: { kit: { mocks: { errors: { listPaymentSystems: 503 } } } },
  play: async ({ canvas }) => {
    await canvas.findByRole('alert')
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
