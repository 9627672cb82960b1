import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { kitOf, realKeys } from '../../../../../.storybook/stories'
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
    await userEvent.selectOptions(await canvas.findByRole('combobox'), 'Visa / Mastercard — USD, EUR')
    const proceed = canvas.getByRole('button', { name: 'Continue' })
    await waitFor(() => expect(proceed).toBeEnabled())
    await userEvent.click(proceed)
    await expect(args.onContinue).toHaveBeenCalledTimes(1)
    await expect(kitOf(context).events.map((event) => event.name)).toContain('payment_continue_clicked')
  },
}

/** From the keyboard: Tab to the select, type-ahead picks a method, Tab and Enter continue. Real keys in the story tests. */
export const KeyboardOnly: Story = {
  args: { planId: '4weeks' },
  play: async ({ canvas, args }) => {
    const select = await canvas.findByRole('combobox', { name: 'Select payment method' })
    const proceed = canvas.getByRole('button', { name: 'Continue' })
    select.focus()
    if (!(await realKeys('usd'))) return
    await expect(select).toHaveValue('usdt_trc20')
    await waitFor(() => expect(proceed).toBeEnabled())
    await realKeys('{Tab}{Enter}')
    await expect(args.onContinue).toHaveBeenCalledWith(
      expect.objectContaining({ method: expect.objectContaining({ paymentSystem: 'usdt_trc20' }) }),
    )
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
