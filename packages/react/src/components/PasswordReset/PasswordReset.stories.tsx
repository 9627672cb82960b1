import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { kitOf, page } from '../../../../../.storybook/stories'
import { PasswordReset } from './PasswordReset'

/** The site's page as the reader opens it from the mailed reset link (the provider adds these parameters). */
const LINK = 'https://comics.example/auth/action?apiKey=demo-api-key&oobCode=story-code&mode=resetPassword&lang=en'

const meta = {
  title: 'Account/PasswordReset',
  component: PasswordReset,
  globals: { viewer: 'guest' },
  // Where the reader goes once signed in is only recorded.
  args: { url: LINK, onDone: () => {} },
  render: (args) => (
    <main style={{ padding: 16 }}>
      <PasswordReset {...args} />
    </main>
  ),
} satisfies Meta<typeof PasswordReset>

export default meta
type Story = StoryObj<typeof meta>

const section = async (canvasElement: HTMLElement) =>
  within(await page(canvasElement).findByRole('region', { name: 'Choose a new password' }))

/** The link's code is being checked. */
export const Checking: Story = {
  parameters: { kit: { authPending: true } },
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement)
    await expect(view.getByRole('status')).toHaveTextContent('Checking your link…')
  },
}

/** The code checks out: the account is named and the new password asked for twice. */
export const Form: Story = {
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement)
    await expect(await view.findByLabelText('New password')).toHaveValue('')
    await expect(view.getByLabelText('Confirm new password')).toHaveValue('')
    await expect(view.getByText(/^For .+@/)).toBeVisible()
  },
}

/** The confirmation differs: change password's message, and nothing is sent. */
export const PasswordsDiffer: Story = {
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement)
    await userEvent.type(await view.findByLabelText('New password'), 'new-secret-2')
    await userEvent.type(view.getByLabelText('Confirm new password'), 'new-secret-3')
    await userEvent.click(view.getByRole('button', { name: 'Save and sign in' }))
    await expect(view.getByRole('alert')).toHaveTextContent("Passwords doesn't match")
    await expect(view.getByLabelText('New password')).toHaveValue('new-secret-2')
  },
}

/** The provider refuses the password: its words, and the fields keep what was typed. */
export const Refused: Story = {
  parameters: { kit: { authFailsWith: 'auth/weak-password' } },
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement)
    await userEvent.type(await view.findByLabelText('New password'), '123')
    await userEvent.type(view.getByLabelText('Confirm new password'), '123')
    await userEvent.click(view.getByRole('button', { name: 'Save and sign in' }))
    await expect(await view.findByRole('alert')).toHaveTextContent('The password is too weak. Use at least 6 characters.')
    await expect(view.getByLabelText('Confirm new password')).toHaveValue('123')
  },
}

/** The new password is saved and the reader signed in. */
export const SignsIn: Story = {
  play: async (context) => {
    const view = await section(context.canvasElement)
    await userEvent.type(await view.findByLabelText('New password'), 'new-secret-2')
    await userEvent.type(view.getByLabelText('Confirm new password'), 'new-secret-2')
    await userEvent.click(view.getByRole('button', { name: 'Save and sign in' }))
    await waitFor(() => expect(kitOf(context).stores.session.getSnapshot().signedIn).toBe(true))
  },
}

/** A used or expired link: said so, with a way to a new one. */
export const SpentLink: Story = {
  parameters: { kit: { authFailsWith: 'auth/invalid-action-code' } },
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement)
    await expect(await view.findByRole('alert')).toHaveTextContent('This link has expired or has already been used.')
    await expect(view.getByRole('button', { name: 'Get a new link' })).toBeVisible()
  },
}

/** The page opened without a reset link. */
export const NoLink: Story = {
  args: { url: 'https://comics.example/auth/action' },
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement)
    await expect(view.getByText('Open this page from the link in your password-reset email.')).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
