import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AuthError, SIGN_IN_EMAIL_KEY, type AuthService } from '@comics/core'
import { AuthModal } from '../AuthModal'
import type { ComicsStores } from '../../provider'
import { fakeAuth } from '../../../test/fakeAuth'
import { renderWithKit, type KitOptions } from '../../../test/render'
import { EmailLinkSignIn } from './EmailLinkSignIn'

const LINK = 'http://localhost:3000/comic/4?apiKey=key&oobCode=code-1&mode=signIn&lang=en'
const SENT_TO = 'reader@comics.test'

/** The page opened from LINK, with an auth service that takes only SENT_TO (or fails with `linkError`). */
function renderLanding(options: KitOptions & { linkError?: 'auth/invalid-action-code' } = {}) {
  const { linkError, ...kitOptions } = options
  const service: { current: AuthService | null } = { current: null }
  const onDone = vi.fn<(address: string) => void>()
  const auth = (stores: ComicsStores) => {
    const built = fakeAuth()(stores)
    built.isSignInLink = vi.fn((url: string) => url.includes('oobCode='))
    const settle = built.signInWithLink
    built.signInWithLink = vi.fn(async (email: string, url: string) => {
      if (linkError) throw new AuthError(linkError)
      if (email !== SENT_TO) throw new AuthError('auth/email-link-mismatch')
      return settle(email, url)
    })
    service.current = built
    return built
  }
  const kit = renderWithKit(
    <>
      <AuthModal />
      <EmailLinkSignIn url={LINK} onDone={onDone} />
    </>,
    { consent: 'rejected', ...kitOptions, auth },
  )
  return { ...kit, onDone, service: () => service.current! }
}

describe('EmailLinkSignIn', () => {
  it('shows nothing on a page that is not a sign-in link', () => {
    renderWithKit(<EmailLinkSignIn url="http://localhost:3000/comic/4" />, { auth: fakeAuth() })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('in the browser that asked, signs in with the remembered address at once and forgets it', async () => {
    const { stores, onDone, service, events } = renderLanding({
      storage: { [SIGN_IN_EMAIL_KEY]: JSON.stringify(SENT_TO) },
      consent: 'accepted',
    })
    await waitFor(() => expect(stores.session.getSnapshot().signedIn).toBe(true))
    expect(service().signInWithLink).toHaveBeenCalledTimes(1)
    expect(service().signInWithLink).toHaveBeenCalledWith(SENT_TO, LINK)
    expect(onDone).toHaveBeenCalledWith('http://localhost:3000/comic/4')
    expect(stores.signInEmail.getSnapshot()).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(events).toContainEqual({ name: 'auth_success', params: { method: 'emailLink', mode: 'sign-in' } })
  })

  it('in another browser, asks for the address; a wrong one is refused and kept, the right one signs in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, stores, onDone } = renderLanding()
    const dialog = await screen.findByRole('dialog', { name: 'Finish signing in' })
    expect(dialog).toHaveAccessibleDescription('Enter the email address the sign-in link was sent to.')
    const field = screen.getByLabelText('Your Email')
    await user.type(field, 'someone@comics.test{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link was sent to a different email address. Enter the address you asked for the link with.',
    )
    expect(field).toHaveValue('someone@comics.test')
    expect(stores.session.getSnapshot().signedIn).toBe(false)

    await user.clear(field)
    await user.type(field, SENT_TO)
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(stores.session.getSnapshot().signedIn).toBe(true)
    expect(onDone).toHaveBeenCalledWith('http://localhost:3000/comic/4')
  })

  it('a used or expired link says so and offers a new one through the sign-in modal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, onDone } = renderLanding({ linkError: 'auth/invalid-action-code', storage: { [SIGN_IN_EMAIL_KEY]: JSON.stringify(SENT_TO) } })
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or has already been used.')
    // The remembered address is in the field to try again with.
    expect(screen.getByLabelText('Your Email')).toHaveValue(SENT_TO)
    await user.click(screen.getByRole('button', { name: 'Get a new link' }))
    expect(onDone).toHaveBeenCalledWith('http://localhost:3000/comic/4')
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('closing leaves the link behind without signing in', async () => {
    const { user, onDone, stores } = renderLanding()
    await screen.findByRole('dialog', { name: 'Finish signing in' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onDone).toHaveBeenCalledWith('http://localhost:3000/comic/4')
    expect(stores.session.getSnapshot().signedIn).toBe(false)
  })
})
