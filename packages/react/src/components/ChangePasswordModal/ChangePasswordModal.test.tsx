import { useState } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AuthService } from '@comics/core'
import type { ComicsStores } from '../../provider'
import { fakeAuth, type FakeAuthOptions } from '../../../test/fakeAuth'
import { renderWithKit, type KitOptions } from '../../../test/render'
import { ChangePasswordModal } from './ChangePasswordModal'

function AccountPage({ onChanged }: { onChanged?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open change password
      </button>
      <ChangePasswordModal open={open} onClose={() => setOpen(false)} onChanged={onChanged} />
    </>
  )
}

function renderPage(options: FakeAuthOptions & KitOptions & { onChanged?: () => void } = {}) {
  const { failWith, onChanged, ...kitOptions } = options
  const service: { current: AuthService | null } = { current: null }
  const auth = (stores: ComicsStores) => (service.current = fakeAuth({ failWith })(stores))
  const kit = renderWithKit(<AccountPage onChanged={onChanged} />, { viewer: 'free', ...kitOptions, auth })
  return { ...kit, service: () => service.current! }
}

type User = ReturnType<typeof renderPage>['user']

async function open(user: User) {
  await user.click(screen.getByRole('button', { name: 'Open change password' }))
  return screen.getByRole('dialog', { name: 'Change Password' })
}

const field = {
  old: () => screen.getByLabelText('Old password'),
  new: () => screen.getByLabelText('New password'),
  confirm: () => screen.getByLabelText('Confirm new password'),
}

async function fill(user: User, values: { old: string; new: string; confirm: string }) {
  await user.type(field.old(), values.old)
  await user.type(field.new(), values.new)
  await user.type(field.confirm(), values.confirm)
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Change Password' }))

describe('ChangePasswordModal', () => {
  it('asks for the old password, the new one and its confirmation', async () => {
    const { user } = renderPage()
    expect(screen.queryByRole('dialog')).toBeNull()
    const dialog = await open(user)
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    for (const input of [field.old(), field.new(), field.confirm()]) {
      expect(input).toHaveAttribute('type', 'password')
      expect(input).toHaveValue('')
    }
    expect(field.old()).toHaveFocus()
    expect(within(dialog).getByRole('button', { name: 'Change Password' })).toHaveAttribute('type', 'submit')
  })

  it("says 'Passwords doesn't match' when the confirmation differs, and does not call the service", async () => {
    const { user, service } = renderPage()
    await open(user)
    await fill(user, { old: 'old-secret', new: 'new-secret', confirm: 'new-secrex' })
    await submit(user)
    expect(screen.getByRole('alert')).toHaveTextContent("Passwords doesn't match")
    expect(field.confirm()).toHaveAttribute('aria-invalid', 'true')
    expect(field.confirm()).toHaveAccessibleDescription("Passwords doesn't match")
    expect(service().changePassword).not.toHaveBeenCalled()
  })

  it.each(['old', 'new', 'confirm'] as const)('clears the error when the %s field changes', async (name) => {
    const { user } = renderPage()
    await open(user)
    await fill(user, { old: 'old-secret', new: 'new-secret', confirm: 'other' })
    await submit(user)
    expect(screen.getByRole('alert')).toBeInTheDocument()
    await user.type(field[name](), 'x')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(field.confirm()).not.toHaveAttribute('aria-invalid')
  })

  it('changes the password with the old and new ones, closes and announces it', async () => {
    const onChanged = vi.fn()
    const { user, service } = renderPage({ onChanged })
    await open(user)
    await fill(user, { old: 'old-secret', new: 'new-secret', confirm: 'new-secret' })
    await submit(user)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(service().changePassword).toHaveBeenCalledWith('old-secret', 'new-secret')
    expect(onChanged).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('status')).toHaveTextContent('Your password has been changed.')
  })

  it('on a server error clears every field and shows the error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, service } = renderPage({ failWith: 'auth/wrong-password' })
    const dialog = await open(user)
    await fill(user, { old: 'not-it', new: 'new-secret', confirm: 'new-secret' })
    await submit(user)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect password.')
    expect(service().changePassword).toHaveBeenCalledWith('not-it', 'new-secret')
    expect(field.old()).toHaveValue('')
    expect(field.new()).toHaveValue('')
    expect(field.confirm()).toHaveValue('')
    expect(field.old()).toHaveFocus()
    expect(screen.getByRole('dialog')).toBe(dialog)
    expect(log).toHaveBeenCalled()

    await user.type(field.old(), 'x')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows a signed-out failure in the kit’s words', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderPage({ failWith: 'auth/no-authenticated-user' })
    await open(user)
    await fill(user, { old: 'a', new: 'b', confirm: 'b' })
    await submit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in first.')
  })

  it('starts empty and without an error when reopened', async () => {
    const { user } = renderPage()
    await open(user)
    await fill(user, { old: 'old-secret', new: 'new-secret', confirm: 'different' })
    await submit(user)
    expect(screen.getByRole('alert')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await open(user)
    expect(field.old()).toHaveValue('')
    expect(field.new()).toHaveValue('')
    expect(field.confirm()).toHaveValue('')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('closes on Escape and gives focus back to the control that opened it', async () => {
    const { user } = renderPage()
    const opener = screen.getByRole('button', { name: 'Open change password' })
    await open(user)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opener).toHaveFocus()
  })

  it('closes with its close control, and keeps Tab inside', async () => {
    const { user } = renderPage()
    const dialog = await open(user)
    const order: (string | null)[] = []
    for (let step = 0; step < 6; step += 1) {
      const active = document.activeElement as HTMLElement
      expect(dialog.contains(active)).toBe(true)
      order.push(active.getAttribute('name') ?? active.getAttribute('aria-label') ?? active.textContent)
      await user.tab()
    }
    expect(order).toEqual(['oldPassword', 'newPassword', 'confirmPassword', 'Change Password', 'Close', 'oldPassword'])
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('uses overridden messages, the mismatch text included', async () => {
    const { user } = renderPage({
      messages: { 'changePassword.oldPassword': 'Altes Passwort', 'passwords-mismatch': 'Passwörter stimmen nicht überein' },
    })
    await open(user)
    await user.type(screen.getByLabelText('Altes Passwort'), 'a')
    await user.type(field.new(), 'b')
    await submit(user)
    expect(screen.getByRole('alert')).toHaveTextContent('Passwörter stimmen nicht überein')
  })
})
