import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { kitOf } from '../../../../../.storybook/stories'
import { PlanSelector } from './PlanSelector'

const meta = {
  title: 'Premium/PlanSelector',
  component: PlanSelector,
  globals: { viewer: 'free' },
  args: { onBack: fn() },
} satisfies Meta<typeof PlanSelector>

export default meta
type Story = StoryObj<typeof meta>

const selected = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value

const perWeek = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('.comics-plan-card__per-week')].map((line) => line.textContent)

/** Signed in without a subscription: every plan, 4 weeks selected by default; per week, the first purchase's price ÷ weeks. */
export const NoSubscription: Story = {
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('radiogroup')
    await expect(canvas.getAllByRole('radio')).toHaveLength(4)
    await expect(selected(canvasElement)).toBe('4weeks')
    await expect(perWeek(canvasElement)).toEqual(['$3.37 per week', '$2.08 per week', '$1.75 per week'])
  },
}

/** A guest sees the same offers (the route itself is guarded). */
export const Guest: Story = {
  globals: { viewer: 'guest' },
}

/** Level 1, who has paid before: the plans above it, the selection one level up, renewal prices and their per-week figures. */
export const Level1: Story = {
  globals: { viewer: 'level1' },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('radiogroup')
    await expect(canvas.getAllByRole('radio')).toHaveLength(3)
    await expect(selected(canvasElement)).toBe('4weeks')
    await waitFor(() => expect(perWeek(canvasElement)).toEqual(['$4.00 per week', '$3.00 per week', '$3.33 per week']))
  },
}

export const Level2: Story = {
  globals: { viewer: 'level2' },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('radiogroup')
    await expect(selected(canvasElement)).toBe('12weeks')
  },
}

export const Level3: Story = {
  globals: { viewer: 'level3' },
  play: async ({ canvas }) => {
    await canvas.findByRole('radiogroup')
    await expect(canvas.getAllByRole('radio')).toHaveLength(1)
  },
}

/** Level 4: nothing above it, the maximum-subscription text (English by default). */
export const MaximumSubscription: Story = {
  globals: { viewer: 'level4' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You already have the maximum subscription')).toBeVisible()
    await expect(canvas.queryByRole('radiogroup')).toBeNull()
  },
}

/** The viewer's subscription never arrives. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listSubscriptions: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading…')).toBeVisible()
  },
}

/** Select and Pay waits for the terms box; paying redirects to the checkout's url. */
export const TickTermsAndPay: Story = {
  play: async (context) => {
    const { canvas } = context
    await canvas.findByRole('radiogroup')
    const pay = canvas.getByRole('button', { name: 'Select and Pay' })
    await expect(pay).toBeDisabled()
    await expect(pay).toHaveAccessibleDescription(expect.stringMatching(/^Accept the terms to continue/))
    await expect(canvas.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-of-use')
    await userEvent.click(canvas.getByRole('radio', { name: '12 weeks' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: /I have read and agree/ }))
    await expect(pay).toBeEnabled()
    await userEvent.click(pay)
    await waitFor(() => expect(kitOf(context).redirect).toHaveBeenCalledTimes(1))
  },
}

/** Checkout is slow: Select and Pay is busy and disabled meanwhile. */
export const CheckoutLoading: Story = {
  parameters: { kit: { mocks: { latencyMs: { checkout: 'infinite' } } } },
  play: async ({ canvas }) => {
    await canvas.findByRole('radiogroup')
    await userEvent.click(canvas.getByRole('checkbox', { name: /I have read and agree/ }))
    const pay = canvas.getByRole('button', { name: 'Select and Pay' })
    await userEvent.click(pay)
    await waitFor(() => expect(pay).toBeDisabled())
  },
}

/** A failed checkout: an alert with a retry, the selection and the tick kept. */
export const CheckoutError: Story = {
  parameters: { kit: { mocks: { errors: { checkout: 502 } } } },
  play: async ({ canvas }) => {
    await canvas.findByRole('radiogroup')
    await userEvent.click(canvas.getByRole('checkbox', { name: /I have read and agree/ }))
    await userEvent.click(canvas.getByRole('button', { name: 'Select and Pay' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong')
    await expect(canvas.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

export const PartnerTheme: Story = {
  globals: { theme: 'partner' },
}
