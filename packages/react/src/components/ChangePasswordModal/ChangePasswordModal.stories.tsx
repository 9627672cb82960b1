import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { page } from '../../../../../.storybook/stories'
import { ChangePasswordModal } from './ChangePasswordModal'

const meta = {
  title: 'Modals/ChangePasswordModal',
  component: ChangePasswordModal,
  globals: { viewer: 'free' },
  args: { open: true, onClose: fn(), onChanged: fn() },
  // Held open by the page, as the account page does; the button opens it again.
  render: function Controlled(args) {
    const [open, setOpen] = useState(args.open)
    return (
      <main style={{ padding: 16 }}>
        <button type="button" className="comics-button" onClick={() => setOpen(true)}>
          Change Password
        </button>
        <ChangePasswordModal
          {...args}
          open={open}
          onClose={() => {
            setOpen(false)
            args.onClose()
          }}
        />
      </main>
    )
  },
} satisfies Meta<typeof ChangePasswordModal>

export default meta
type Story = StoryObj<typeof meta>

const dialogOf = (canvasElement: HTMLElement) => page(canvasElement).findByRole('dialog', { name: 'Change Password' })

/** Old password, new password and confirmation. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await dialogOf(canvasElement)
  },
}

/** Opened by a control, closed with Escape and with the close control; each opening starts empty. */
export const OpenAndClose: Story = {
  args: { open: false },
  play: async ({ canvas, canvasElement, args }) => {
    const body = page(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Change Password' }))
    const dialog = within(await dialogOf(canvasElement))
    await userEvent.type(dialog.getAllByLabelText(/password/i)[0]!, 'typed')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    await userEvent.click(canvas.getByRole('button', { name: 'Change Password' }))
    const reopened = within(await dialogOf(canvasElement))
    await expect(reopened.getAllByLabelText(/password/i)[0]).toHaveValue('')
    await userEvent.click(reopened.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    await expect(args.onClose).toHaveBeenCalledTimes(2)
  },
}

/** The new password and its confirmation differ: 'Passwords doesn't match'. */
export const PasswordsMismatch: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    const [oldPassword, newPassword, confirmation] = dialog.getAllByLabelText(/password/i)
    await userEvent.type(oldPassword!, 'old-secret')
    await userEvent.type(newPassword!, 'new-secret-1')
    await userEvent.type(confirmation!, 'new-secret-2')
    await userEvent.click(dialog.getByRole('button', { name: /change/i }))
    await expect(await dialog.findByRole('alert')).toHaveTextContent("Passwords doesn't match")
  },
}

/** The provider refuses: every field is cleared and the error shown. */
export const ServerError: Story = {
  parameters: { kit: { authFailsWith: 'auth/wrong-password' } },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    const [oldPassword, newPassword, confirmation] = dialog.getAllByLabelText(/password/i)
    await userEvent.type(oldPassword!, 'old-secret')
    await userEvent.type(newPassword!, 'new-secret')
    await userEvent.type(confirmation!, 'new-secret')
    await userEvent.click(dialog.getByRole('button', { name: /change/i }))
    await dialog.findByRole('alert')
    await expect(oldPassword).toHaveValue('')
  },
}

/** Success closes the modal. */
export const Success: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement))
    const [oldPassword, newPassword, confirmation] = dialog.getAllByLabelText(/password/i)
    await userEvent.type(oldPassword!, 'old-secret')
    await userEvent.type(newPassword!, 'new-secret')
    await userEvent.type(confirmation!, 'new-secret')
    await userEvent.click(dialog.getByRole('button', { name: /change/i }))
    await waitFor(() => expect(args.onChanged).toHaveBeenCalled())
  },
}
