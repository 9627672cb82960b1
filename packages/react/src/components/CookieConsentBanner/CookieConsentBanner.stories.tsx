import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { kitOf } from '../../../../../.storybook/stories'
import { Reader } from '../Reader'
import { CookieConsentBanner } from './CookieConsentBanner'

const meta = {
  title: 'Modals/CookieConsentBanner',
  component: CookieConsentBanner,
  parameters: { kit: { consent: 'unset' } },
} satisfies Meta<typeof CookieConsentBanner>

export default meta
type Story = StoryObj<typeof meta>

/** Before a choice: 'We use cookies' appears after 1 second, says what the cookies are for and links the privacy policy. */
export const BeforeChoice: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('We use cookies')).toBeNull()
    await expect(await canvas.findByText('We use cookies', {}, { timeout: 3000 })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy')
  },
}

/** The control at the centre of an element: itself (or inside it) when nothing covers it. */
const isUncovered = (element: Element) => {
  const box = element.getBoundingClientRect()
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
  return top !== null && element.contains(top)
}

/**
 * A first visit that lands in the full-screen reader: the reader's footer rises above the banner (a
 * transform, so nothing moves in the layout), so Prev, List Episodes and Next stay uncovered and usable
 * while the banner waits for an answer.
 */
export const OverTheReader: Story = {
  globals: { viewer: 'guest' },
  render: () => (
    <>
      <Reader comicId="4" chapterId="401" />
      <CookieConsentBanner />
    </>
  ),
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('We use cookies', {}, { timeout: 3000 })
    const footer = canvasElement.querySelector('.comics-reader__footer')!
    const controls = [...footer.querySelectorAll('button, a')]
    await expect(controls.length).toBeGreaterThanOrEqual(3)
    // The footer slides up (its transition): both hold once it has arrived.
    await waitFor(() => {
      expect(controls.filter((control) => !isUncovered(control))).toEqual([])
      const banner = canvas.getByRole('region', { name: 'We use cookies' }).getBoundingClientRect()
      expect(footer.getBoundingClientRect().bottom).toBeLessThanOrEqual(banner.top)
    })
  },
}

/** Accept: the banner goes away for good and analytics storage is granted. */
export const Accept: Story = {
  play: async (context) => {
    const { canvas } = context
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept' }, { timeout: 3000 }))
    await waitFor(() => expect(canvas.queryByText('We use cookies')).toBeNull())
    await expect(kitOf(context).stores.consent.getSnapshot()).toBe('accepted')
  },
}

/** Reject: the banner goes away and analytics stays off. */
export const Reject: Story = {
  play: async (context) => {
    const { canvas } = context
    await userEvent.click(await canvas.findByRole('button', { name: 'Reject' }, { timeout: 3000 }))
    await waitFor(() => expect(canvas.queryByText('We use cookies')).toBeNull())
    await expect(kitOf(context).stores.consent.getSnapshot()).toBe('rejected')
  },
}

/** After a choice (stored): no banner. */
export const AfterChoice: Story = {
  parameters: { kit: { consent: 'accepted' } },
  play: async ({ canvas }) => {
    await new Promise((resolve) => setTimeout(resolve, 1200))
    await expect(canvas.queryByText('We use cookies')).toBeNull()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

/** The same on a phone, where the banner stacks its buttons and is taller. */
export const OverTheReaderMobile: Story = {
  ...OverTheReader,
  globals: { viewer: 'guest', viewport: { value: 'mobile', isRotated: false } },
}
