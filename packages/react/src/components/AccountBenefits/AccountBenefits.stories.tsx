import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { AccountBenefits } from './AccountBenefits'

const meta = {
  title: 'Account/AccountBenefits',
  component: AccountBenefits,
  globals: { viewer: 'free' },
  args: { locale: 'en-GB' },
} satisfies Meta<typeof AccountBenefits>

export default meta
type Story = StoryObj<typeof meta>

/** No plan: "YOU DON'T HAVE MEMBERSHIP" and 'Become a Member'. */
export const NoMembership: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("YOU DON'T HAVE MEMBERSHIP")).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/premium')
  },
}

/** Level 1 to 3: the membership and 'Upgrade Plan'. */
export const Level1: Story = {
  globals: { viewer: 'level1' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Upgrade Plan' })).toBeVisible()
  },
}
/** A renewing membership says when it renews. */
export const Level2: Story = {
  globals: { viewer: 'level2' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^Renews on /)).toBeVisible()
  },
}
export const Level3: Story = { globals: { viewer: 'level3' } }

/** Level 4: no upgrade button. */
export const Level4: Story = {
  globals: { viewer: 'level4' },
  play: async ({ canvas }) => {
    await canvas.findByText('Premium · 24 weeks')
    await expect(canvas.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull()
  },
}

/** The admin has no subscription of their own: like any reader without one. */
export const Admin: Story = {
  globals: { viewer: 'admin' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("YOU DON'T HAVE MEMBERSHIP")).toBeVisible()
  },
}

/** Cancel auto-renewal asks first, saying until when access stays. */
export const CancelConfirmation: Story = {
  globals: { viewer: 'level2' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel auto-renewal' }))
    await expect(canvas.getByRole('group', { name: /^Turn off auto-renewal\? Your membership stays until/ })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Keep auto-renewal' })).toHaveFocus()
  },
}

/** Confirmed: access stays until the period end, which is shown. */
export const CancelAutoRenewal: Story = {
  globals: { viewer: 'level2' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel auto-renewal' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Turn off auto-renewal' }))
    await expect(await canvas.findByText(/Access until/)).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listSubscriptions: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…')
  },
}

export const Error: Story = {
  parameters: { kit: { mocks: { errors: { listSubscriptions: 500 } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong')
  },
}
