import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { kitOf } from '../../../../../.storybook/stories'
import { CookieConsentBanner } from './CookieConsentBanner'

const meta = {
  title: 'Modals/CookieConsentBanner',
  component: CookieConsentBanner,
  parameters: { kit: { consent: 'unset' } },
} satisfies Meta<typeof CookieConsentBanner>

export default meta
type Story = StoryObj<typeof meta>

/** Before a choice: 'We use cookies' appears after 1 second. */
export const BeforeChoice: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('We use cookies')).toBeNull()
    await expect(await canvas.findByText('We use cookies', {}, { timeout: 3000 })).toBeVisible()
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
