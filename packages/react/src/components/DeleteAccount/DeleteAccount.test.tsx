import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AuthService } from '@comics/core'
import { createMockState } from '@comics/mocks'
import type { ComicsStores } from '../../provider'
import { fakeAuth, type FakeAuthOptions } from '../../../test/fakeAuth'
import { renderWithKit, type KitOptions } from '../../../test/render'
import { DeleteAccount } from './DeleteAccount'

function renderSection(options: FakeAuthOptions & KitOptions = {}) {
  const { failWith, ...kitOptions } = options
  const state = createMockState()
  const service: { current: (AuthService & { session: unknown }) | null } = { current: null }
  const auth = (stores: ComicsStores) => (service.current = fakeAuth({ failWith })(stores))
  const kit = renderWithKit(<DeleteAccount />, {
    viewer: 'level1',
    storage: { lastReadComics: '["4"]', comicsReadingHistory: '[{"comicId":"4","chapterId":"40","chapterTitle":"Episode 1","updatedAt":1}]' },
    ...kitOptions,
    mocks: { state, ...kitOptions.mocks },
    auth,
  })
  return { ...kit, state, service: () => service.current! }
}

async function confirmWith(user: ReturnType<typeof renderSection>['user'], password: string) {
  await user.click(screen.getByRole('button', { name: 'Delete my account' }))
  const dialog = screen.getByRole('dialog', { name: 'Delete my account' })
  if (password) await user.type(within(dialog).getByLabelText('Your password'), password)
  await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }))
  return dialog
}

describe('DeleteAccount', () => {
  it('says what goes and what stays and why before anything is deleted', async () => {
    const { user, state } = renderSection()
    await user.click(screen.getByRole('button', { name: 'Delete my account' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete my account' })
    expect(within(dialog).getByText(/this address can no longer sign in/)).toBeVisible()
    expect(within(dialog).getByText(/a running one is cancelled now/)).toBeVisible()
    expect(within(dialog).getByText(/reading progress and settings/)).toBeVisible()
    expect(within(dialog).getByText(/records of your payments .* law requires .* detached from you/)).toBeVisible()
    expect(state.subscriptions.some((subscription) => subscription.userId === 'user-level1')).toBe(true)
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('re-authenticates, has the service erase the account, forgets the browser copy, signs out and goes home', async () => {
    const { user, state, service, stores, navigate } = renderSection()
    const paidBefore = state.payments.filter((payment) => payment.userId === 'user-level1').length
    expect(paidBefore).toBeGreaterThan(0)
    await confirmWith(user, 'secret-123')
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'))
    expect(service().reauthenticate).toHaveBeenCalledWith('secret-123')
    expect(service().logout).toHaveBeenCalled()
    expect(state.subscriptions.filter((subscription) => subscription.userId === 'user-level1')).toEqual([])
    expect(state.payments.filter((payment) => payment.userId === 'user-level1')).toEqual([])
    expect(state.payments.filter((payment) => payment.userId.startsWith('erased-'))).toHaveLength(paidBefore)
    expect(stores.session.getSnapshot().signedIn).toBe(false)
    expect(stores.progress.getSnapshot()).toEqual({ lastReadComics: [], history: [] })
  })

  it('a wrong password is shown, keeps what was typed and deletes nothing', async () => {
    const { user, state, stores, navigate } = renderSection({ failWith: 'auth/wrong-password' })
    const dialog = await confirmWith(user, 'not-it')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect password.')
    expect(within(dialog).getByLabelText('Your password')).toHaveValue('not-it')
    expect(state.subscriptions.some((subscription) => subscription.userId === 'user-level1')).toBe(true)
    expect(stores.session.getSnapshot().signedIn).toBe(true)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('a failure of the service says nothing was lost and leaves the reader signed in to try again', async () => {
    const { user, stores, navigate } = renderSection({ mocks: { errors: { deleteMyAccount: 500 } } })
    const dialog = await confirmWith(user, 'secret-123')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your account could not be deleted; nothing was lost.')
    expect(within(dialog).getByRole('button', { name: 'Delete my account for good' })).toBeEnabled()
    expect(stores.session.getSnapshot().signedIn).toBe(true)
    expect(stores.progress.getSnapshot().lastReadComics).toEqual(['4'])
    expect(navigate).not.toHaveBeenCalled()
  })

  it('asks for the password before calling anyone', async () => {
    const { user, service } = renderSection()
    const dialog = await confirmWith(user, '')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter your password.')
    expect(service().reauthenticate).not.toHaveBeenCalled()
  })

  it('an account of a social provider signs in again there instead of typing a password', async () => {
    const { user, service, stores, viewer, navigate } = renderSection()
    act(() =>
      stores.session.set(
        { ...viewer.user!, providerData: [{ providerId: 'google.com', uid: 'g-1', email: viewer.user!.email, displayName: null }] },
        viewer.token!,
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Delete my account' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete my account' })
    expect(within(dialog).queryByLabelText('Your password')).toBeNull()
    expect(dialog).toHaveTextContent('you sign in again with the service you use to sign in')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'))
    expect(service().reauthenticate).toHaveBeenCalledWith(undefined)
  })
})
