import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { kitOf, page } from '../../../../../.storybook/stories'
import type { ComicsStores } from '../../provider'
import { EmailLinkSignIn } from './EmailLinkSignIn'

/** The page as the reader comes back to it from the mailed link (the provider adds these parameters). */
const LINK = 'https://comics.example/comic/4?apiKey=demo-api-key&oobCode=story-code&mode=signIn&lang=en'

const meta = {
  title: 'Modals/EmailLinkSignIn',
  component: EmailLinkSignIn,
  globals: { viewer: 'guest' },
  // The story is the page opened from the link; where the address goes after is only recorded.
  args: { url: LINK, onDone: () => {} },
  render: (args) => (
    <main style={{ padding: 16 }}>
      <p>A comic page, opened from a sign-in link.</p>
      <EmailLinkSignIn {...args} />
    </main>
  ),
} satisfies Meta<typeof EmailLinkSignIn>

export default meta
type Story = StoryObj<typeof meta>

const finishDialog = (canvasElement: HTMLElement) => page(canvasElement).findByRole('dialog', { name: 'Finish signing in' })

/** Opened in a browser that did not ask for the link: the address is asked for. */
export const AsksForTheEmail: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await finishDialog(canvasElement))
    await expect(dialog.getByText('Enter the email address the sign-in link was sent to.')).toBeVisible()
    await expect(dialog.getByLabelText('Your Email')).toHaveValue('')
  },
}

/** The right address signs in and the dialog goes. */
export const SignsIn: Story = {
  play: async (context) => {
    const { canvasElement } = context
    const dialog = within(await finishDialog(canvasElement))
    await userEvent.type(dialog.getByLabelText('Your Email'), 'reader@comics.test')
    await userEvent.click(dialog.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull())
    await expect(kitOf(context).stores.session.getSnapshot().signedIn).toBe(true)
  },
}

/** Another address than the link's: refused, and the field keeps what was typed. */
export const WrongEmail: Story = {
  parameters: { kit: { authFailsWith: 'auth/email-link-mismatch' } },
  play: async ({ canvasElement }) => {
    const dialog = within(await finishDialog(canvasElement))
    await userEvent.type(dialog.getByLabelText('Your Email'), 'someone@comics.test')
    await userEvent.click(dialog.getByRole('button', { name: 'Sign In' }))
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This sign-in link was sent to a different email address. Enter the address you asked for the link with.',
    )
    await expect(dialog.getByLabelText('Your Email')).toHaveValue('someone@comics.test')
  },
}

/** A used or expired link, tried with the address remembered in this browser: said so, with a way to a new one. */
export const SpentLink: Story = {
  parameters: {
    kit: { authFailsWith: 'auth/invalid-action-code', setup: (stores: ComicsStores) => stores.signInEmail.remember('reader@comics.test') },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await finishDialog(canvasElement))
    await expect(await dialog.findByRole('alert')).toHaveTextContent('This link has expired or has already been used.')
    await expect(dialog.getByLabelText('Your Email')).toHaveValue('reader@comics.test')
    await expect(dialog.getByRole('button', { name: 'Get a new link' })).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
