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

const TERMS = /I have read and agree/

/** Continue stays disabled until a method is chosen, and says so. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('combobox')
    const proceed = canvas.getByRole('button', { name: 'Continue' })
    await expect(proceed).toBeDisabled()
    await expect(proceed).toHaveAccessibleDescription('Select a payment method to continue')
  },
}

/** A method chosen, the terms not yet ticked: Continue says so; the policies in the box are links. */
export const TermsNotTicked: Story = {
  play: async ({ canvas }) => {
    await userEvent.selectOptions(await canvas.findByRole('combobox'), 'Visa / Mastercard — USD, EUR')
    const proceed = canvas.getByRole('button', { name: 'Continue' })
    await expect(proceed).toBeDisabled()
    await expect(proceed).toHaveAccessibleDescription('Accept the terms to continue')
    await expect(canvas.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy')
  },
}

/** Choose a method, tick the terms, then Continue: it records payment_continue_clicked, then goes to the provider's checkout. */
export const ContinueToProvider: Story = {
  args: { planId: '4weeks', onContinue: undefined },
  play: async (context) => {
    const { canvas } = context
    await userEvent.selectOptions(await canvas.findByRole('combobox'), 'Visa / Mastercard — USD, EUR')
    await userEvent.click(canvas.getByRole('checkbox', { name: TERMS }))
    const proceed = canvas.getByRole('button', { name: 'Continue' })
    await waitFor(() => expect(proceed).toBeEnabled())
    await userEvent.click(proceed)
    await expect(kitOf(context).events.map((event) => event.name)).toContain('payment_continue_clicked')
    await waitFor(() => expect(kitOf(context).redirect).toHaveBeenCalledTimes(1))
  },
}

/** The checkout is slow: Continue is busy and disabled meanwhile. */
export const CheckoutLoading: Story = {
  args: { planId: '4weeks', onContinue: undefined },
  parameters: { kit: { mocks: { latencyMs: { checkout: 'infinite' } } } },
  play: async ({ canvas }) => {
    await userEvent.selectOptions(await canvas.findByRole('combobox'), 'Visa / Mastercard — USD, EUR')
    await userEvent.click(canvas.getByRole('checkbox', { name: TERMS }))
    const proceed = canvas.getByRole('button', { name: 'Continue' })
    await userEvent.click(proceed)
    await waitFor(() => expect(proceed).toBeDisabled())
  },
}

/** The checkout failed: an error with a retry; the method and the tick stay. */
export const CheckoutError: Story = {
  args: { planId: '4weeks', onContinue: undefined },
  parameters: { kit: { mocks: { errors: { checkout: 503 } } } },
  play: async ({ canvas }) => {
    await userEvent.selectOptions(await canvas.findByRole('combobox'), 'Visa / Mastercard — USD, EUR')
    await userEvent.click(canvas.getByRole('checkbox', { name: TERMS }))
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong')
    await expect(canvas.getByRole('checkbox', { name: TERMS })).toBeChecked()
  },
}

/** A site that takes payment its own way: Continue records the event and hands over the plan and the method. */
export const ChooseAndContinue: Story = {
  args: { planId: '4weeks' },
  play: async (context) => {
    const { canvas, args } = context
    await userEvent.selectOptions(await canvas.findByRole('combobox'), 'Visa / Mastercard — USD, EUR')
    await userEvent.click(canvas.getByRole('checkbox', { name: TERMS }))
    const proceed = canvas.getByRole('button', { name: 'Continue' })
    await waitFor(() => expect(proceed).toBeEnabled())
    await userEvent.click(proceed)
    await expect(args.onContinue).toHaveBeenCalledTimes(1)
    await expect(kitOf(context).events.map((event) => event.name)).toContain('payment_continue_clicked')
  },
}

/**
 * From the keyboard: Tab to the select, type-ahead picks a method, Tab and Space tick the terms, Tab past
 * the two policy links and Enter continue. Real keys in the story tests.
 */
export const KeyboardOnly: Story = {
  args: { planId: '4weeks' },
  play: async ({ canvas, args }) => {
    const select = await canvas.findByRole('combobox', { name: 'Select payment method' })
    const proceed = canvas.getByRole('button', { name: 'Continue' })
    select.focus()
    if (!(await realKeys('usd'))) return
    await expect(select).toHaveValue('usdt_trc20')
    await realKeys('{Tab} ')
    await waitFor(() => expect(proceed).toBeEnabled())
    await realKeys('{Tab}{Tab}{Tab}{Enter}')
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
