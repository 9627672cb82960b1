import { act, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AuthUser } from '@comics/core'
import { renderWithKit, type KitViewer } from '../../../test/render'
import { AccountInfo } from './AccountInfo'

const info = () => screen.getByRole('region', { name: 'INFO' })

describe('AccountInfo', () => {
  it.each<KitViewer>(['free', 'level1', 'level2', 'level3', 'level4'])(
    'shows %s the email and, for a password account, the masked password row with Change Password',
    async (viewer) => {
      const onChangePassword = vi.fn()
      const { user } = renderWithKit(<AccountInfo onChangePassword={onChangePassword} />, { viewer })
      expect(within(info()).getByText('Email or Phone')).toBeInTheDocument()
      expect(within(info()).getByText(`${viewer === 'free' ? 'reader' : viewer}@comics.test`)).toBeInTheDocument()
      expect(within(info()).getByText('Password')).toBeInTheDocument()
      expect(within(info()).getByText('••••••••')).toBeInTheDocument()
      await user.click(within(info()).getByRole('button', { name: 'Change Password' }))
      expect(onChangePassword).toHaveBeenCalledTimes(1)
    },
  )

  it('shows a guest no password row', () => {
    renderWithKit(<AccountInfo />, { viewer: 'guest' })
    expect(within(info()).getByText('Email or Phone')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument()
  })

  it('hides the password row when the first sign-in provider is not password', () => {
    const { stores, viewer } = renderWithKit(<AccountInfo />, { viewer: 'free' })
    const base = viewer.user!
    const socialFirst: AuthUser = {
      ...base,
      providerData: [
        { providerId: 'google.com', uid: 'g-1', email: base.email, displayName: null },
        { providerId: 'password', uid: base.email!, email: base.email, displayName: null },
      ],
    }
    act(() => stores.session.set(socialFirst, viewer.token!))
    expect(screen.queryByText('Password')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument()
  })

  it('shows the phone number of an account without email', () => {
    const { stores, viewer } = renderWithKit(<AccountInfo />, { viewer: 'free' })
    const phoneUser: AuthUser = {
      ...viewer.user!,
      email: null,
      phoneNumber: '+15550100',
      providerData: [{ providerId: 'phone', uid: '+15550100', email: null, displayName: null }],
    }
    act(() => stores.session.set(phoneUser, viewer.token!))
    expect(within(info()).getByText('+15550100')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument()
  })

  it("offers 'Change email' to a password account when the page handles it, not to a social one", async () => {
    const onChangeEmail = vi.fn()
    const { user, stores, viewer } = renderWithKit(<AccountInfo onChangeEmail={onChangeEmail} />, { viewer: 'free' })
    await user.click(screen.getByRole('button', { name: 'Change email' }))
    expect(onChangeEmail).toHaveBeenCalledTimes(1)
    const google: AuthUser = { ...viewer.user!, providerData: [{ providerId: 'google.com', uid: 'g-1', email: viewer.user!.email, displayName: null }] }
    act(() => stores.session.set(google, viewer.token!))
    expect(screen.queryByRole('button', { name: 'Change email' })).not.toBeInTheDocument()
  })
})
