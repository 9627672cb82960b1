import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { kitOf } from '../../../../../.storybook/stories'
import { AccountHeader } from './AccountHeader'

const meta = {
  title: 'Account/AccountHeader',
  component: AccountHeader,
  globals: { viewer: 'free' },
  args: { onBack: fn() },
} satisfies Meta<typeof AccountHeader>

export default meta
type Story = StoryObj<typeof meta>

/** Back, 'MY ACCOUNT', the 'Basic' badge and Log Out. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'MY ACCOUNT' })).toBeVisible()
    await expect(await canvas.findByText('Basic', {}, { timeout: 5000 })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: /Back/ }))
    await expect(args.onBack).toHaveBeenCalled()
  },
}

/** A subscriber's badge names the plan in force. */
export const Subscriber: Story = {
  globals: { viewer: 'level3' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Premium · 12 weeks', {}, { timeout: 5000 })).toBeVisible()
    await expect(canvas.queryByText('Basic')).toBeNull()
  },
}

/** Log Out clears the session and goes to /. */
export const LogOut: Story = {
  play: async (context) => {
    await userEvent.click(context.canvas.getByRole('button', { name: 'Log Out' }))
    const kit = kitOf(context)
    await waitFor(() => expect(kit.navigate).toHaveBeenCalledWith('/'))
    await expect(kit.stores.session.getSnapshot().token).toBeNull()
  },
}

/** The provider refuses the logout: the error is shown. */
export const LogOutFails: Story = {
  parameters: { kit: { authFailsWith: 'auth/network-request-failed' } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Log Out' }))
    await canvas.findByRole('alert')
  },
}
