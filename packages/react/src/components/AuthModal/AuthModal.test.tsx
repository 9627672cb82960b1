import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AuthService } from '@comics/core'
import { useAuthModal } from '../../hooks'
import type { ComicsStores } from '../../provider'
import { fakeAuth, type FakeAuthOptions } from '../../../test/fakeAuth'
import { renderWithKit, type KitOptions } from '../../../test/render'
import { AuthModal } from './AuthModal'

function Page() {
  const { openAuthModal } = useAuthModal()
  return (
    <>
      <button type="button" onClick={() => openAuthModal()}>
        Open sign-in
      </button>
      <button type="button" onClick={() => openAuthModal('sign-up')}>
        Open sign-up
      </button>
      <AuthModal />
    </>
  )
}

/** Renders the page with a fake AuthService and hands back that service to inspect its calls. */
function renderPage(options: FakeAuthOptions & { modify?: (service: AuthService) => void } & KitOptions = {}) {
  const { signsInAs, failWith, modify, ...kitOptions } = options
  const service: { current: AuthService | null } = { current: null }
  const auth = (stores: ComicsStores) => {
    const built = fakeAuth({ signsInAs, failWith })(stores)
    modify?.(built)
    service.current = built
    return built
  }
  const kit = renderWithKit(<Page />, { ...kitOptions, auth })
  return { ...kit, service: () => service.current! }
}

async function openSignIn(user: ReturnType<typeof renderPage>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open sign-in' }))
  return screen.getByRole('dialog')
}

describe('AuthModal', () => {
  it('is closed until something opens it', () => {
    renderPage()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("shows the spec's copy in sign-in mode, the default", async () => {
    const { user } = renderPage()
    const dialog = await openSignIn(user)
    expect(dialog).toHaveAccessibleName('Sign In')
    expect(dialog).toHaveAccessibleDescription('SIGN UP AND DISCOVER NEW EPISODES from your favourite comics')
    expect(dialog).toHaveAttribute('data-mode', 'sign-in')
    const buttons = within(dialog).getAllByRole('button').map((button) => button.textContent)
    expect(buttons.slice(0, 3)).toEqual(['Continue With Facebook', 'Continue With Google', 'Continue With Apple'])
    expect(within(dialog).getByText('OR')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Your Email')).toHaveAttribute('type', 'email')
    expect(within(dialog).getByLabelText('Your Password')).toHaveAttribute('type', 'password')
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit')
    expect(within(dialog).getByRole('button', { name: 'Not a member?' })).toBeInTheDocument()
  })

  it("switches to sign-up with 'Not a member?' and back with 'Already a member?'", async () => {
    const { user } = renderPage()
    const dialog = await openSignIn(user)
    await user.click(within(dialog).getByRole('button', { name: 'Not a member?' }))
    expect(within(dialog).getByRole('button', { name: 'Sign Up' })).toHaveAttribute('type', 'submit')
    expect(within(dialog).queryByRole('button', { name: 'Sign In' })).toBeNull()
    expect(dialog).toHaveAccessibleName('Sign Up')
    expect(dialog).toHaveAttribute('data-mode', 'sign-up')
    await user.click(within(dialog).getByRole('button', { name: 'Already a member?' }))
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Not a member?' })).toBeInTheDocument()
  })

  it('opens in sign-up mode when asked to', async () => {
    const { user } = renderPage()
    await user.click(screen.getByRole('button', { name: 'Open sign-up' }))
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Already a member?' })).toBeInTheDocument()
  })

  it('signs in with the typed email and password, stores the session, records auth_success and closes', async () => {
    const { user, service, stores, events } = renderPage()
    const dialog = await openSignIn(user)
    await user.type(within(dialog).getByLabelText('Your Email'), 'reader@comics.test')
    await user.type(within(dialog).getByLabelText('Your Password'), 'secret-1')
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(service().signInWithEmail).toHaveBeenCalledWith('reader@comics.test', 'secret-1')
    expect(stores.session.getSnapshot()).toMatchObject({ signedIn: true, user: { email: 'reader@comics.test' } })
    expect(events).toEqual([{ name: 'auth_success', params: { method: 'password', mode: 'sign-in' } }])
  })

  it('signs up in sign-up mode, submitting with Enter', async () => {
    const { user, service, stores } = renderPage()
    await user.click(screen.getByRole('button', { name: 'Open sign-up' }))
    await user.type(screen.getByLabelText('Your Email'), 'new@comics.test')
    await user.type(screen.getByLabelText('Your Password'), 'secret-2{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(service().signUpWithEmail).toHaveBeenCalledWith('new@comics.test', 'secret-2')
    expect(service().signInWithEmail).not.toHaveBeenCalled()
    expect(stores.session.getSnapshot().signedIn).toBe(true)
  })

  it.each([
    ['Continue With Facebook', 'facebook'],
    ['Continue With Google', 'google'],
    ['Continue With Apple', 'apple'],
  ])('%s signs in with %s and closes', async (label, provider) => {
    const { user, service, stores } = renderPage()
    await openSignIn(user)
    await user.click(screen.getByRole('button', { name: label }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(service().signInWithProvider).toHaveBeenCalledWith(provider)
    expect(stores.session.getSnapshot().signedIn).toBe(true)
  })

  it('shows an error, logs it, keeps the typed email and password and stays open', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, stores, events } = renderPage({ failWith: 'auth/wrong-password' })
    const dialog = await openSignIn(user)
    await user.type(within(dialog).getByLabelText('Your Email'), 'reader@comics.test')
    await user.type(within(dialog).getByLabelText('Your Password'), 'wrong-1')
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect password.')
    expect(log).toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBe(dialog)
    expect(within(dialog).getByLabelText('Your Email')).toHaveValue('reader@comics.test')
    expect(within(dialog).getByLabelText('Your Password')).toHaveValue('wrong-1')
    expect(stores.session.getSnapshot().signedIn).toBe(false)
    expect(events).toEqual([])
  })

  it("shows a social sign-in failure in the provider's words of the kit's messages", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderPage({
      failWith: 'auth/popup-blocked',
      messages: { 'auth.popupBlocked': 'Pop-up blockiert.' },
    })
    await openSignIn(user)
    await user.click(screen.getByRole('button', { name: 'Continue With Google' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Pop-up blockiert.')
  })

  it('disables the submit and the social buttons while a sign-in is pending', async () => {
    let finish: () => void = () => {}
    const { user, service } = renderPage({
      modify: (built) => {
        const original = built.signInWithEmail
        built.signInWithEmail = vi.fn(
          (email: string, password: string) =>
            new Promise<Awaited<ReturnType<AuthService['signInWithEmail']>>>((resolve) => {
              finish = () => resolve(original(email, password))
            }),
        )
      },
    })
    const dialog = await openSignIn(user)
    await user.type(within(dialog).getByLabelText('Your Email'), 'reader@comics.test')
    await user.type(within(dialog).getByLabelText('Your Password'), 'secret-1')
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }))
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Continue With Google' })).toBeDisabled()
    await user.type(within(dialog).getByLabelText('Your Password'), '{Enter}')
    expect(service().signInWithEmail).toHaveBeenCalledTimes(1)
    finish()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('closes on Escape and gives focus back to the control that opened it', async () => {
    const { user } = renderPage()
    const opener = screen.getByRole('button', { name: 'Open sign-in' })
    await openSignIn(user)
    expect(screen.getByRole('button', { name: 'Continue With Facebook' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opener).toHaveFocus()
  })

  it('closes with its close button', async () => {
    const { user } = renderPage()
    await openSignIn(user)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('keeps Tab inside and reaches every control by keyboard', async () => {
    const { user } = renderPage()
    const dialog = await openSignIn(user)
    const reached: string[] = []
    for (let step = 0; step < 11; step += 1) {
      const active = document.activeElement as HTMLElement
      expect(dialog.contains(active)).toBe(true)
      reached.push(active.getAttribute('aria-label') ?? active.textContent ?? '')
      await user.tab()
    }
    expect(reached).toEqual([
      'Continue With Facebook',
      'Continue With Google',
      'Continue With Apple',
      '',
      '',
      'Sign In',
      'Email me a sign-in link',
      'Forgot password?',
      'Not a member?',
      'Close',
      'Continue With Facebook',
    ])
  })

  it('starts empty and without the old error when reopened', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderPage({ failWith: 'auth/wrong-password' })
    await openSignIn(user)
    await user.type(screen.getByLabelText('Your Email'), 'reader@comics.test')
    await user.type(screen.getByLabelText('Your Password'), 'wrong-1{Enter}')
    await screen.findByRole('alert')
    await user.keyboard('{Escape}')
    await openSignIn(user)
    expect(screen.getByLabelText('Your Email')).toHaveValue('')
    expect(screen.getByLabelText('Your Password')).toHaveValue('')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  describe('email-link sign-in (spec §7)', () => {
    it('sends a link for the typed address, remembers it in this browser and says where it went', async () => {
      const { user, service, stores } = renderPage({ route: '/comic/4' })
      await openSignIn(user)
      await user.type(screen.getByLabelText('Your Email'), 'reader@comics.test')
      await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }))
      const sent = await screen.findByRole('dialog', { name: 'Check your email' })
      expect(service().sendSignInLink).toHaveBeenCalledWith('reader@comics.test', `${window.location.origin}/comic/4`)
      expect(sent).toHaveAccessibleDescription(expect.stringContaining('We sent a sign-in link to reader@comics.test.'))
      expect(stores.signInEmail.getSnapshot()).toBe('reader@comics.test')

      await user.click(within(sent).getByRole('button', { name: 'Back to sign in' }))
      expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument()
      expect(screen.getByLabelText('Your Email')).toHaveValue('reader@comics.test')
    })

    it('a refusal is shown, the address stays and nothing is remembered', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      const { user, stores } = renderPage({ failWith: 'auth/invalid-email' })
      await openSignIn(user)
      await user.type(screen.getByLabelText('Your Email'), 'reader@')
      await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('The email address is not valid.')
      expect(screen.getByLabelText('Your Email')).toHaveValue('reader@')
      expect(stores.signInEmail.getSnapshot()).toBeNull()
    })

    it('is offered in sign-in mode only', async () => {
      const { user } = renderPage()
      await user.click(screen.getByRole('button', { name: 'Open sign-up' }))
      expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull()
    })
  })

  describe('forgot password', () => {
    it('mails a reset link for the typed address back to this page and answers without saying whether an account has it', async () => {
      const { user, service } = renderPage({ route: '/comic/4' })
      await openSignIn(user)
      await user.type(screen.getByLabelText('Your Email'), 'reader@comics.test')
      await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
      const sent = await screen.findByRole('dialog', { name: 'Check your email' })
      expect(service().sendPasswordReset).toHaveBeenCalledWith('reader@comics.test', `${window.location.origin}/comic/4`)
      expect(sent).toHaveAccessibleDescription(
        'If an account exists for reader@comics.test, we sent it a link to choose a new password.',
      )
      expect(service().signInWithEmail).not.toHaveBeenCalled()

      await user.click(within(sent).getByRole('button', { name: 'Back to sign in' }))
      expect(screen.getByLabelText('Your Email')).toHaveValue('reader@comics.test')
    })

    it('a refused address is shown as an error and stays typed', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      const { user } = renderPage({ failWith: 'auth/invalid-email' })
      await openSignIn(user)
      await user.type(screen.getByLabelText('Your Email'), 'reader@')
      await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('The email address is not valid.')
      expect(screen.getByLabelText('Your Email')).toHaveValue('reader@')
      expect(screen.queryByRole('dialog', { name: 'Check your email' })).toBeNull()
    })

    it('is offered in sign-in mode only', async () => {
      const { user } = renderPage()
      await user.click(screen.getByRole('button', { name: 'Open sign-up' }))
      expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull()
    })
  })
})
