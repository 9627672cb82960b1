import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { creditMockCoins, type MockState } from '@comics/mocks'
import { kitOf, page } from '../../../../../.storybook/stories'
import { TopBar } from './TopBar'

const meta = {
  title: 'Layout/TopBar',
  component: TopBar,
} satisfies Meta<typeof TopBar>

export default meta
type Story = StoryObj<typeof meta>

/** Signed out: Sign In, and Premium opens the sign-in modal. */
export const Guest: Story = {
  globals: { viewer: 'guest' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Sign In' })).toBeVisible()
    await expect(canvas.queryByRole('link', { name: 'Account' })).toBeNull()
    await expect(canvas.queryByRole('link', { name: /Your coins/ })).toBeNull()
  },
}

/** Signed in: Account instead of Sign In, and the reader's coin balance linking to the shop. */
export const SignedIn: Story = {
  globals: { viewer: 'free' },
  parameters: { kit: { prepareState: (state: MockState) => void creditMockCoins(state, 'user-reader', 40) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account')
    await expect(canvas.queryByRole('button', { name: 'Sign In' })).toBeNull()
    await expect(await canvas.findByRole('link', { name: 'Your coins 40 coins' })).toHaveAttribute('href', '/coins')
  },
}

/** A signed-in reader who never bought coins: the balance shows 0 and still leads to the shop. */
export const SignedInNoCoins: Story = {
  globals: { viewer: 'free' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Your coins 0 coins' })).toHaveAttribute('href', '/coins')
  },
}

/** While the balance loads, a muted placeholder holds its place. */
export const CoinsLoading: Story = {
  globals: { viewer: 'free' },
  parameters: { kit: { mocks: { latencyMs: { getCoinBalance: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /^Your coins/ })).toHaveAttribute('aria-busy', 'true')
  },
}

/** A balance that failed to load shows nothing rather than a wrong number; the rest of the bar stays. */
export const CoinsFailed: Story = {
  globals: { viewer: 'free' },
  parameters: { kit: { mocks: { errors: { getCoinBalance: 500 } } } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.queryByRole('link', { name: /^Your coins/ })).toBeNull())
    await expect(canvas.getByRole('link', { name: 'Account' })).toBeVisible()
  },
}

/** A guest's Premium click opens the sign-in modal; its close control and Escape close it. */
export const PremiumOpensSignIn: Story = {
  globals: { viewer: 'guest' },
  play: async ({ canvas, canvasElement }) => {
    const body = page(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Premium' }))
    const dialog = await body.findByRole('dialog', { name: 'Sign In' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }))
    await body.findByRole('dialog', { name: 'Sign In' })
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
  },
}

/** A signed-in reader without a subscription: Premium goes to /premium. */
export const PremiumSignedIn: Story = {
  globals: { viewer: 'free' },
  play: async (context) => {
    await userEvent.click(await context.canvas.findByRole('button', { name: 'Premium' }))
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/premium')
  },
}

/** A subscriber below the top plan is offered 'Upgrade' (to /premium), never Premium again. */
export const UpgradeForSubscriber: Story = {
  globals: { viewer: 'level2' },
  play: async (context) => {
    await userEvent.click(await context.canvas.findByRole('button', { name: 'Upgrade' }))
    await expect(context.canvas.queryByRole('button', { name: 'Premium' })).toBeNull()
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/premium')
  },
}

/** A reader on the top plan: nothing left to offer. */
export const TopPlan: Story = {
  globals: { viewer: 'level4' },
  play: async ({ canvasElement, canvas }) => {
    await waitFor(() => expect(canvasElement.querySelector('nav')).toHaveAttribute('data-offer', 'none'))
    await expect(canvas.queryByRole('button', { name: 'Premium' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Upgrade' })).toBeNull()
  },
}

/** At 768px and below the links collapse behind a menu button; the open menu has a close control. */
export const MobileMenu: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false }, viewer: 'free' },
  play: async ({ canvas }) => {
    const menu = canvas.getByRole('button', { name: 'Open menu' })
    // The viewport is the story's: the menu button shows at 768px and below only.
    await expect(menu).toBeVisible()
    // The coin balance stays outside the collapsed menu.
    await expect(await canvas.findByRole('link', { name: /^Your coins/ })).toBeVisible()
    await userEvent.click(menu)
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(canvas.getByRole('button', { name: 'Close menu' }))
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
  },
}

/** The partner theme: the same bar restyled by --comics-* custom properties only. */
export const PartnerTheme: Story = {
  globals: { theme: 'partner', viewer: 'free' },
}
