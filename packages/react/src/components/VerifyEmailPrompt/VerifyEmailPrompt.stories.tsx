import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { MOCK_VIEWERS } from '@comics/mocks'
import type { ComicsStores } from '../../provider'
import { verificationSent } from '../../hooks/verificationSent'
import { VerifyEmailPrompt } from './VerifyEmailPrompt'

/** The reader just signed up: the address is not confirmed yet. */
const unconfirmed = (stores: ComicsStores) =>
  stores.session.set({ ...MOCK_VIEWERS.reader.user!, emailVerified: false }, MOCK_VIEWERS.reader.token!)

const meta = {
  title: 'Account/VerifyEmailPrompt',
  component: VerifyEmailPrompt,
  globals: { viewer: 'free' },
  parameters: { kit: { setup: unconfirmed } },
  // The page remembers its sends for the cooldown: each story starts without one.
  beforeEach: () => verificationSent.reset(),
} satisfies Meta<typeof VerifyEmailPrompt>

export default meta
type Story = StoryObj<typeof meta>

/** No link sent from this page yet (the sign-up's failed, or the page was reloaded). */
export const NotSent: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Send the link' })).toBeEnabled()
  },
}

/** Sent: said so, and the button counts down the minute before another. */
export const Sent: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }))
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/A new link is on its way to/))
    await expect(canvas.getByRole('button', { name: /^Send again in \d+ seconds$/ })).toBeDisabled()
  },
}

/** Sending: the button waits for the provider. */
export const Sending: Story = {
  parameters: { kit: { setup: unconfirmed, authPending: true } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }))
    await expect(canvas.getByRole('button', { name: 'Send the link' })).toBeDisabled()
  },
}

/** The provider's own limit: its words, and the button stays to try later. */
export const TooManyRequests: Story = {
  parameters: { kit: { setup: unconfirmed, authFailsWith: 'auth/too-many-requests' } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }))
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(/Too many attempts/))
  },
}

/** A confirmed address: nothing to ask. */
export const Confirmed: Story = {
  parameters: { kit: { setup: () => {} } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading', { name: 'Confirm your email address' })).toBeNull()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
