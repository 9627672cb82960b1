import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { useAuthModal } from '../../hooks'
import { kitOf, page, realWheel } from '../../../../../.storybook/stories'
import { AuthModal } from './AuthModal'

/** A control that opens the modal, as the TopBar's Sign In does; 'open' opens it on first render. */
function Opener({ open, mode }: { open?: boolean; mode: 'sign-in' | 'sign-up' }) {
  const { openAuthModal } = useAuthModal()
  useEffect(() => {
    if (open) openAuthModal(mode)
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <button type="button" className="comics-button" onClick={() => openAuthModal(mode)}>
      Open {mode}
    </button>
  )
}

const meta = {
  title: 'Modals/AuthModal',
  component: AuthModal,
  globals: { viewer: 'guest' },
  // The story renders the modal itself.
  parameters: { kit: { authModal: false } },
  render: (args, { parameters }) => (
    <main style={{ padding: 16 }}>
      <Opener open={parameters.openOnMount !== false} mode={(parameters.mode as 'sign-in' | 'sign-up') ?? 'sign-in'} />
      <AuthModal {...args} />
    </main>
  ),
} satisfies Meta<typeof AuthModal>

export default meta
type Story = StoryObj<typeof meta>

const dialogOf = async (canvasElement: HTMLElement, name: string) => page(canvasElement).findByRole('dialog', { name })

/** Sign-in mode: social buttons, OR, email and password, 'Not a member?'. */
export const SignIn: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Sign In'))
    await expect(dialog.getByRole('button', { name: 'Continue With Facebook' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Not a member?' })).toBeVisible()
  },
}

/** Sign-up mode: 'Already a member?'. */
export const SignUp: Story = {
  parameters: { mode: 'sign-up' },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Sign Up'))
    await expect(dialog.getByRole('button', { name: 'Already a member?' })).toBeVisible()
  },
}

/** Open from a control, close with the close button, open again, close with Escape; focus returns. */
export const OpenAndClose: Story = {
  parameters: { openOnMount: false },
  play: async ({ canvas, canvasElement }) => {
    const body = page(canvasElement)
    const opener = canvas.getByRole('button', { name: 'Open sign-in' })
    await userEvent.click(opener)
    await userEvent.click(within(await dialogOf(canvasElement, 'Sign In')).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    await expect(opener).toHaveFocus()
    await userEvent.click(opener)
    await dialogOf(canvasElement, 'Sign In')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
  },
}

/** The link switches between sign-in and sign-up. */
export const SwitchMode: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Sign In'))
    await userEvent.click(dialog.getByRole('button', { name: 'Not a member?' }))
    await dialogOf(canvasElement, 'Sign Up')
  },
}

/** A successful email sign-in stores the session and closes the modal. */
export const SignInSucceeds: Story = {
  play: async (context) => {
    const { canvasElement } = context
    const dialog = within(await dialogOf(canvasElement, 'Sign In'))
    await userEvent.type(dialog.getByLabelText('Your Email'), 'reader@comics.test')
    await userEvent.type(dialog.getByLabelText('Your Password'), 'secret-password')
    await userEvent.click(dialog.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull())
    await expect(kitOf(context).stores.session.getSnapshot().token).not.toBeNull()
  },
}

/** The provider refuses: the error shows and the typed email stays. */
export const SignInFails: Story = {
  parameters: { kit: { authModal: false, authFailsWith: 'auth/network-request-failed' } },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Sign In'))
    await userEvent.type(dialog.getByLabelText('Your Email'), 'reader@comics.test')
    await userEvent.type(dialog.getByLabelText('Your Password'), 'secret-password')
    await userEvent.click(dialog.getByRole('button', { name: 'Sign In' }))
    await dialog.findByRole('alert')
    await expect(dialog.getByLabelText('Your Email')).toHaveValue('reader@comics.test')
  },
}

/** 'Email me a sign-in link' (spec §7): the modal says where the link went. */
export const EmailLinkSent: Story = {
  play: async (context) => {
    const { canvasElement } = context
    const dialog = within(await dialogOf(canvasElement, 'Sign In'))
    await userEvent.type(dialog.getByLabelText('Your Email'), 'reader@comics.test')
    await userEvent.click(dialog.getByRole('button', { name: 'Email me a sign-in link' }))
    const sent = within(await dialogOf(canvasElement, 'Check your email'))
    await expect(sent.getByText(/We sent a sign-in link to reader@comics\.test\./)).toBeVisible()
    await expect(kitOf(context).stores.signInEmail.getSnapshot()).toBe('reader@comics.test')
  },
}

/** 'Forgot password?' mails a reset link and answers without saying whether the address has an account. */
export const ForgotPasswordSent: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Sign In'))
    await userEvent.type(dialog.getByLabelText('Your Email'), 'reader@comics.test')
    await userEvent.click(dialog.getByRole('button', { name: 'Forgot password?' }))
    const sent = within(await dialogOf(canvasElement, 'Check your email'))
    await expect(
      sent.getByText('If an account exists for reader@comics.test, we sent it a link to choose a new password.'),
    ).toBeVisible()
  },
}

/** The provider refuses to send: the error shows and the typed address stays. */
export const EmailLinkFails: Story = {
  parameters: { kit: { authModal: false, authFailsWith: 'auth/invalid-email' } },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Sign In'))
    await userEvent.type(dialog.getByLabelText('Your Email'), 'reader@comics')
    await userEvent.click(dialog.getByRole('button', { name: 'Email me a sign-in link' }))
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The email address is not valid.')
    await expect(dialog.getByLabelText('Your Email')).toHaveValue('reader@comics')
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

export const PartnerTheme: Story = {
  globals: { theme: 'partner' },
}

/**
 * The page behind an open dialog (every modal of the kit) is inert and does not scroll, and nothing on
 * it moves when the dialog opens: the scrollbar's room is kept. All of it is given back on close.
 */
export const PageBehind: Story = {
  parameters: { openOnMount: false },
  render: (args) => (
    <main style={{ padding: 16 }}>
      <Opener mode="sign-in" />
      <button type="button" className="comics-button">
        Behind the dialog
      </button>
      <p data-testid="in-flow" style={{ textAlign: 'right' }}>
        A long page
      </p>
      <div data-testid="fixed" style={{ position: 'fixed', top: 0, right: 0, width: 40, height: 40, background: '#555' }} />
      <div style={{ height: 3000 }} />
      <AuthModal {...args} />
    </main>
  ),
  play: async ({ canvas, canvasElement }) => {
    const doc = canvasElement.ownerDocument
    const win = doc.defaultView!
    const behind = canvas.getByRole('button', { name: 'Behind the dialog' })
    const edges = () => ['in-flow', 'fixed'].map((id) => canvas.getByTestId(id).getBoundingClientRect().right)
    // The wheel scrolls the page before a dialog opens (so the check below can fail).
    if (!(await realWheel(behind, 200))) return
    await waitFor(() => expect(win.scrollY).toBeGreaterThan(0))
    win.scrollTo(0, 0)
    await expect(win.innerWidth - doc.documentElement.clientWidth).toBeGreaterThan(0) // a classic scrollbar
    const before = edges()

    await userEvent.click(canvas.getByRole('button', { name: 'Open sign-in' }))
    const dialog = await dialogOf(canvasElement, 'Sign In')
    await expect(edges()).toEqual(before)
    await expect(behind.closest('[inert]')).not.toBeNull()
    behind.focus()
    await expect(doc.activeElement).not.toBe(behind)
    await realWheel(dialog.parentElement!, 600)
    await realWheel(dialog, 600)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await expect(win.scrollY).toBe(0)

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    await expect(edges()).toEqual(before)
    await expect(behind.closest('[inert]')).toBeNull()
    behind.focus()
    await expect(doc.activeElement).toBe(behind)
    await realWheel(behind, 200)
    await waitFor(() => expect(win.scrollY).toBeGreaterThan(0))
    win.scrollTo(0, 0)
  },
}
