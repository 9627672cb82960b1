import { useState } from 'react'
import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AuthService } from '@comics/core'
import { MOCK_VIEWERS } from '@comics/mocks'
import type { ComicsStores } from '../../provider'
import { fakeAuth, type FakeAuthOptions } from '../../../test/fakeAuth'
import { renderWithKit } from '../../../test/render'
import { ChangeEmailModal } from './ChangeEmailModal'

function AccountPage() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open change email
      </button>
      <ChangeEmailModal open={open} onClose={() => setOpen(false)} continueUrl="https://comics.example/account" />
    </>
  )
}

function renderPage(options: FakeAuthOptions = {}) {
  const service: { current: AuthService | null } = { current: null }
  const auth = (stores: ComicsStores) => (service.current = fakeAuth(options)(stores))
  const kit = renderWithKit(<AccountPage />, { viewer: 'free', auth })
  return { ...kit, service: () => service.current! }
}

async function openAndFill(user: ReturnType<typeof renderPage>['user'], email: string, password: string) {
  await user.click(screen.getByRole('button', { name: 'Open change email' }))
  const dialog = screen.getByRole('dialog', { name: 'Change email' })
  await user.type(within(dialog).getByLabelText('New email address'), email)
  await user.type(within(dialog).getByLabelText('Your password'), password)
  await user.click(within(dialog).getByRole('button', { name: 'Send the confirmation link' }))
  return dialog
}

describe('ChangeEmailModal', () => {
  it('re-verifies the password and has the new address mailed a link; nothing changes until it is opened', async () => {
    const { user, service, stores } = renderPage()
    const dialog = await openAndFill(user, 'moved@comics.test', 'secret-123')
    expect(await within(dialog).findByRole('status')).toHaveTextContent('We sent a link to moved@comics.test.')
    expect(service().changeEmail).toHaveBeenCalledWith('secret-123', 'moved@comics.test', 'https://comics.example/account')
    expect(stores.session.getSnapshot().user?.email).toBe(MOCK_VIEWERS.reader.user!.email)
  })

  it('a wrong password is shown and the fields keep what was typed', async () => {
    const { user } = renderPage({ failWith: 'auth/wrong-password' })
    const dialog = await openAndFill(user, 'moved@comics.test', 'not-it')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect password.')
    expect(within(dialog).getByLabelText('New email address')).toHaveValue('moved@comics.test')
    expect(within(dialog).getByLabelText('Your password')).toHaveValue('not-it')
  })

  it('the current address is refused as the new one, without calling the provider', async () => {
    const { user, service } = renderPage()
    const dialog = await openAndFill(user, MOCK_VIEWERS.reader.user!.email!, 'secret-123')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This is already your email address.')
    expect(service().changeEmail).not.toHaveBeenCalled()
  })

  it('an unconfirmed address must be confirmed first: the dialog offers the link instead of the form', async () => {
    const { user, stores } = renderPage()
    act(() => stores.session.set({ ...MOCK_VIEWERS.reader.user!, emailVerified: false }, MOCK_VIEWERS.reader.token!))
    await user.click(screen.getByRole('button', { name: 'Open change email' }))
    const dialog = screen.getByRole('dialog', { name: 'Change email' })
    expect(dialog).toHaveTextContent('Confirm your current email address first')
    expect(within(dialog).queryByLabelText('New email address')).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Send the link' })).toBeVisible()
  })
})
