import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { page } from '../../../../../.storybook/stories'
import { CookieConsentBanner } from '../CookieConsentBanner'
import { NewVersionPrompt } from './NewVersionPrompt'

/** A new build of the site is installed and waiting: Reload takes it, Later keeps reading. */
const meta = {
  title: 'App/NewVersionPrompt',
  component: NewVersionPrompt,
  args: { onReload: fn(), onDismiss: fn() },
} satisfies Meta<typeof NewVersionPrompt>

export default meta
type Story = StoryObj<typeof meta>

/** Waiting for the reader's word. */
export const Waiting: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('New version available')
    await userEvent.click(canvas.getByRole('button', { name: 'Reload' }))
    await expect(args.onReload).toHaveBeenCalled()
  },
}

/** Reload pressed: the new version is being taken. */
export const Reloading: Story = {
  args: { reloading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Reload' })).toBeDisabled()
  },
}

/**
 * Offered in the reader (full screen) while the cookie banner waits for an answer: both can be pressed,
 * neither is under the reader or under the other.
 */
export const OverTheReaderWithTheCookieBanner: Story = {
  parameters: { kit: { consent: 'unset' } },
  render: (args) => (
    <>
      <div className="comics-reader" />
      <CookieConsentBanner />
      <NewVersionPrompt {...args} />
    </>
  ),
  play: async ({ canvasElement, canvas }) => {
    const accept = await page(canvasElement).findByRole('button', { name: 'Accept' }, { timeout: 3000 })
    /** What the pointer would press at the middle of `element`. */
    const pressedAt = (element: HTMLElement) => {
      const box = element.getBoundingClientRect()
      return canvasElement.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    }
    for (const button of [canvas.getByRole('button', { name: 'Reload' }), canvas.getByRole('button', { name: 'Later' }), accept]) {
      await expect(pressedAt(button)).toBe(button)
    }
  },
}
