import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent } from 'storybook/test'
import type { PaymentMethod } from '@comics/core'
import type { MockState } from '@comics/mocks'
import { realKeys } from '../../../../../.storybook/stories'
import { PaymentMethodSelect } from './PaymentMethodSelect'

const meta = {
  title: 'Payment/PaymentMethodSelect',
  component: PaymentMethodSelect,
  globals: { viewer: 'free' },
  args: { onChange: fn() },
  // Controlled as a page holds it: the picked method shows in the control.
  render: function Controlled(args) {
    const [method, setMethod] = useState<PaymentMethod | null>(null)
    return (
      <div style={{ maxWidth: 480, padding: 16 }}>
        <PaymentMethodSelect
          {...args}
          value={method?.paymentSystem ?? null}
          onChange={(picked) => {
            setMethod(picked)
            args.onChange(picked)
          }}
        />
      </div>
    )
  },
} satisfies Meta<typeof PaymentMethodSelect>

export default meta
type Story = StoryObj<typeof meta>

/** Closed, nothing chosen yet. */
export const Default: Story = {}

/** Pick a method (deposit methods only, under Method — Order currency): the control shows it. */
export const Picked: Story = {
  play: async ({ canvas, args }) => {
    const select = await canvas.findByRole('combobox', { name: 'Select payment method' })
    await expect(canvas.getByRole('group', { name: 'Method — Order currency' })).toBeInTheDocument()
    await userEvent.selectOptions(select, 'Bitcoin — USD')
    await expect(select).toHaveValue('btc')
    await expect(args.onChange).toHaveBeenCalledWith(expect.objectContaining({ paymentSystem: 'btc' }))
  },
}

/**
 * A long list (30 methods): the browser's own picker scrolls to the option it shows as active, and
 * type-ahead, Home and End move through it (the site's e2e presses the real keys).
 */
export const ManyMethods: Story = {
  parameters: {
    kit: {
      prepareState: (state: MockState) => {
        state.paymentMethods = Array.from({ length: 30 }, (_, index) => ({
          title: `Method ${String(index + 1).padStart(2, '0')}`,
          type: 'deposit' as const,
          paymentSystem: `method_${index + 1}`,
          orderCurrency: { USD: { minAmount: 1, maxAmount: 100 } },
        }))
      },
    },
  },
  play: async ({ canvas, args }) => {
    const select = await canvas.findByRole('combobox', { name: 'Select payment method' })
    await expect(canvas.getAllByRole('option')).toHaveLength(31)
    await userEvent.selectOptions(select, 'Method 30 — USD')
    await expect(args.onChange).toHaveBeenCalledWith(expect.objectContaining({ paymentSystem: 'method_30' }))
  },
}

/**
 * The keyboard, as the browser's own select answers it: Home and End, arrows, and type-ahead (the first
 * letters of a method pick it); each pick reaches onChange. Pressed with real keys in the story tests.
 */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    const select = await canvas.findByRole('combobox', { name: 'Select payment method' })
    select.focus()
    if (!(await realKeys('{End}'))) return
    await expect(select).toHaveValue('usdt_trc20')
    await realKeys('{Home}')
    await expect(select).toHaveValue('card')
    await realKeys('b')
    await expect(select).toHaveValue('btc')
    await realKeys('{ArrowDown}')
    await expect(select).toHaveValue('usdt_trc20')
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ paymentSystem: 'usdt_trc20' }))
  },
}

/** The methods never arrive. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listPaymentSystems: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…')
  },
}

/** The methods fail to load: an alert with a retry. */
export const Error: Story = {
  parameters: { kit: { mocks: { errors: { listPaymentSystems: 500 } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong')
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}
