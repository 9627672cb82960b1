import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { MOCK_VIEWERS } from '@comics/mocks'
import { page } from '../../../../../.storybook/stories'
import type { ComicsStores } from '../../provider'
import { ChangeEmailModal } from './ChangeEmailModal'

const meta = {
  title: 'Account/ChangeEmailModal',
  component: ChangeEmailModal,
  globals: { viewer: 'free' },
  args: { open: true, onClose: () => {}, continueUrl: 'https://comics.example/account' },
} satisfies Meta<typeof ChangeEmailModal>

export default meta
type Story = StoryObj<typeof meta>

const fill = async (canvasElement: HTMLElement, email: string, password: string) => {
  const view = page(canvasElement)
  await userEvent.type(await view.findByLabelText('New email address'), email)
  await userEvent.type(view.getByLabelText('Your password'), password)
  await userEvent.click(view.getByRole('button', { name: 'Send the confirmation link' }))
  return view
}

/** The new address and the password. */
export const Form: Story = {
  play: async ({ canvasElement }) => {
    const view = page(canvasElement)
    await expect(await view.findByRole('dialog', { name: 'Change email' })).toBeVisible()
    await expect(view.getByLabelText('New email address')).toHaveValue('')
  },
}

/** The link is on its way to the new address. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const view = await fill(canvasElement, 'moved@comics.test', 'secret-123')
    await waitFor(() => expect(view.getByRole('status')).toHaveTextContent('We sent a link to moved@comics.test.'))
  },
}

/** Waiting for the provider. */
export const Sending: Story = {
  parameters: { kit: { authPending: true } },
  play: async ({ canvasElement }) => {
    const view = await fill(canvasElement, 'moved@comics.test', 'secret-123')
    await expect(view.getByRole('button', { name: 'Send the confirmation link' })).toBeDisabled()
  },
}

/** A wrong password: the fields keep what was typed. */
export const WrongPassword: Story = {
  parameters: { kit: { authFailsWith: 'auth/wrong-password' } },
  play: async ({ canvasElement }) => {
    const view = await fill(canvasElement, 'moved@comics.test', 'not-it')
    await waitFor(() => expect(view.getByRole('alert')).toHaveTextContent('Incorrect password.'))
    await expect(view.getByLabelText('New email address')).toHaveValue('moved@comics.test')
  },
}

/** The current address is not confirmed: it must be first. */
export const AddressNotConfirmed: Story = {
  parameters: {
    kit: {
      setup: (stores: ComicsStores) =>
        stores.session.set({ ...MOCK_VIEWERS.reader.user!, emailVerified: false }, MOCK_VIEWERS.reader.token!),
    },
  },
  play: async ({ canvasElement }) => {
    const view = page(canvasElement)
    await expect(await view.findByText(/Confirm your current email address first/)).toBeVisible()
    await expect(view.queryByLabelText('New email address')).toBeNull()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
