import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { EmailConfirmation } from './EmailConfirmation'

/** The site's page as the reader opens it from the mailed link (the provider adds these parameters). */
const link = (mode: string) => `https://comics.example/auth/action?apiKey=demo-api-key&oobCode=story-code&mode=${mode}&lang=en`

const meta = {
  title: 'Account/EmailConfirmation',
  component: EmailConfirmation,
  globals: { viewer: 'free' },
  args: { url: link('verifyEmail'), onContinue: () => {} },
  render: (args) => (
    <main>
      <EmailConfirmation {...args} />
    </main>
  ),
} satisfies Meta<typeof EmailConfirmation>

export default meta
type Story = StoryObj<typeof meta>

/** The link's code is being applied. */
export const Confirming: Story = {
  parameters: { kit: { authPending: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Confirming your email address…')
  },
}

/** The address is confirmed. */
export const Confirmed: Story = {
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Your email address is confirmed.'))
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeVisible()
  },
}

/** A change of address is confirmed: sign in with the new one. */
export const Changed: Story = {
  args: { url: link('verifyAndChangeEmail') },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Your email address is changed.'))
  },
}

/** A used or expired link. */
export const Expired: Story = {
  parameters: { kit: { authFailsWith: 'auth/invalid-action-code' } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('This link has expired or has already been used.'))
  },
}

/** Another kind of link. */
export const Unsupported: Story = {
  args: { url: link('revertSecondFactorAddition') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('This link cannot be used here.')
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
