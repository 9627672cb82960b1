import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent } from 'storybook/test'
import type { PaymentMethod } from '@comics/core'
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

/** Open the list (deposit methods only, Method and Order currency) and pick one. */
export const OpenAndPick: Story = {
  play: async ({ canvas, args }) => {
    const combobox = await canvas.findByRole('combobox', { name: 'Select payment method' })
    await userEvent.click(combobox)
    await expect(combobox).toHaveAttribute('aria-expanded', 'true')
    const options = canvas.getAllByRole('option')
    await expect(options.length).toBeGreaterThan(0)
    await userEvent.click(options[0]!)
    await expect(combobox).toHaveAttribute('aria-expanded', 'false')
    await expect(args.onChange).toHaveBeenCalledTimes(1)
  },
}

/** Keyboard: arrows move, Enter picks. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    const combobox = await canvas.findByRole('combobox', { name: 'Select payment method' })
    combobox.focus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await expect(args.onChange).toHaveBeenCalledTimes(1)
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
