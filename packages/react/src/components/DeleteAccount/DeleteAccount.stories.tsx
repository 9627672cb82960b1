import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { MOCK_VIEWERS } from '@comics/mocks'
import { page } from '../../../../../.storybook/stories'
import type { ComicsStores } from '../../provider'
import { DeleteAccount } from './DeleteAccount'

const meta = {
  title: 'Account/DeleteAccount',
  component: DeleteAccount,
  globals: { viewer: 'level1' },
} satisfies Meta<typeof DeleteAccount>

export default meta
type Story = StoryObj<typeof meta>

const openDialog = async (canvasElement: HTMLElement) => {
  const view = page(canvasElement)
  await userEvent.click(view.getByRole('button', { name: 'Delete my account' }))
  await expect(await view.findByRole('dialog', { name: 'Delete my account' })).toBeVisible()
  return view
}
const confirm = async (canvasElement: HTMLElement, password: string) => {
  const view = await openDialog(canvasElement)
  await userEvent.type(view.getByLabelText('Your password'), password)
  await userEvent.click(view.getByRole('button', { name: 'Delete my account for good' }))
  return view
}

/** The account page's section. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/This cannot be undone/)).toBeVisible()
  },
}

/** The confirmation: what goes, what stays and why, and the password. */
export const Confirmation: Story = {
  play: async ({ canvasElement }) => {
    const view = await openDialog(canvasElement)
    await expect(view.getByText(/this address can no longer sign in/)).toBeVisible()
    await expect(view.getByText(/which the law requires us to keep/)).toBeVisible()
  },
}

/** Deleting: the buttons wait. */
export const Deleting: Story = {
  parameters: { kit: { authPending: true } },
  play: async ({ canvasElement }) => {
    const view = await confirm(canvasElement, 'secret-123')
    await expect(view.getByRole('status')).toHaveTextContent('Deleting your account…')
    await expect(view.getByRole('button', { name: 'Delete my account for good' })).toBeDisabled()
  },
}

/** A wrong password: nothing is deleted, the password is kept. */
export const WrongPassword: Story = {
  parameters: { kit: { authFailsWith: 'auth/wrong-password' } },
  play: async ({ canvasElement }) => {
    const view = await confirm(canvasElement, 'not-it')
    await waitFor(() => expect(view.getByRole('alert')).toHaveTextContent('Incorrect password.'))
    await expect(view.getByLabelText('Your password')).toHaveValue('not-it')
  },
}

/** The service fails: nothing was lost, try again. */
export const ServiceFails: Story = {
  parameters: { kit: { mocks: { errors: { deleteMyAccount: 500 } } } },
  play: async ({ canvasElement }) => {
    const view = await confirm(canvasElement, 'secret-123')
    await waitFor(() => expect(view.getByRole('alert')).toHaveTextContent(/nothing was lost/))
  },
}

/** An account of a social provider: no password, it signs in again in the provider's popup. */
export const SocialAccount: Story = {
  parameters: {
    kit: {
      setup: (stores: ComicsStores) => {
        const user = MOCK_VIEWERS.level1.user!
        stores.session.set({ ...user, providerData: [{ providerId: 'google.com', uid: 'g-1', email: user.email, displayName: null }] }, MOCK_VIEWERS.level1.token!)
      },
    },
  },
  play: async ({ canvasElement }) => {
    const view = await openDialog(canvasElement)
    await expect(view.queryByLabelText('Your password')).toBeNull()
    await expect(view.getByText(/you sign in again with the service/)).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
