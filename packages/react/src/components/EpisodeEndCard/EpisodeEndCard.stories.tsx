import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { creditMockCoins, MOCK_CHAPTERS, mockChapterId, startMockWaitForFreeTimer, type MockState } from '@comics/mocks'
import { kitOf, page } from '../../../../../.storybook/stories'
import { EpisodeEndCard } from './EpisodeEndCard'

const READER = 'user-reader'
const COMIC = '4'
const third = mockChapterId(COMIC, 3)
const episodes = MOCK_CHAPTERS.filter((c) => c.comicsId === COMIC)

const coins = (n: number) => (state: MockState) => void creditMockCoins(state, READER, n)

/**
 * The card at the end of an episode: the next episode, its state and what opens it for this reader. In the
 * reader it sits on the dark strip, as here.
 */
const meta = {
  title: 'Reader/EpisodeEndCard',
  component: EpisodeEndCard,
  globals: { viewer: 'guest' },
  args: { comicId: COMIC, chapterId: third },
  decorators: [
    (Story) => (
      <div className="comics-reader__end" style={{ background: 'var(--comics-color-reader-bg)', color: 'var(--comics-color-reader-text)', paddingTop: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EpisodeEndCard>

export default meta
type Story = StoryObj<typeof meta>

const cardIn = async (canvasElement: HTMLElement, state: string) => {
  const card = await within(canvasElement).findByRole('region', { name: /Next episode|You're all caught up/ })
  await waitFor(() => expect(card).toHaveAttribute('data-state', state))
  return within(card)
}

/** A guest after episode 3: episode 4 is locked, and signing in opens it to coins or a subscription. */
export const GuestSignIn: Story = {
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement, 'sign-in')
    await expect(card.getByText('Episode 4')).toBeVisible()
    await expect(card.getByText('Locked')).toBeVisible()
    await userEvent.click(card.getByRole('button', { name: 'Sign in to unlock this episode' }))
    const body = page(canvasElement)
    await expect(await body.findByRole('dialog', { name: 'Sign In' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
  },
}

/** Signed in with 25 coins: the balance, 'Unlock for 10 coins' (asked first) and the subscription. */
export const CoinsAndSubscribe: Story = {
  globals: { viewer: 'free' },
  parameters: { kit: { prepareState: coins(25) } },
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement, 'unlock-or-subscribe')
    await expect(await card.findByText('You have 25 coins')).toBeVisible()
    await expect(card.getByRole('link', { name: 'Subscribe to read every episode' })).toBeVisible()
    await waitFor(() => expect(card.getByRole('button', { name: 'Unlock for 10 coins' })).toBeEnabled())
  },
}

/** 'Unlock for 10 coins' asks before spending: focus starts on 'Not now', which spends nothing. */
export const ConfirmUnlock: Story = {
  globals: { viewer: 'free' },
  parameters: { kit: { prepareState: coins(25) } },
  play: async (context) => {
    const card = await cardIn(context.canvasElement, 'unlock-or-subscribe')
    const unlock = card.getByRole('button', { name: 'Unlock for 10 coins' })
    await waitFor(() => expect(unlock).toBeEnabled())
    await userEvent.click(unlock)
    const dialog = await page(context.canvasElement).findByRole('dialog', { name: 'Unlock this episode for 10 coins?' })
    await expect(within(dialog).getByText('You have 25 coins. The episode stays open to you for good.')).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus()
    await expect(within(dialog).getByRole('button', { name: 'Spend 10 coins' })).toBeEnabled()
    await expect(kitOf(context).navigate).not.toHaveBeenCalled()
  },
}

/** Too few coins: the balance beside what is missing, the shop and the subscription. */
export const ShortOfCoins: Story = {
  globals: { viewer: 'free' },
  parameters: { kit: { prepareState: coins(4) } },
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement, 'unlock-or-subscribe')
    await expect(await card.findByText('You have 4 coins')).toBeVisible()
    await expect(card.getByText('You need 6 more coins to unlock this episode.')).toBeVisible()
    await expect(card.getByRole('link', { name: 'Get coins' })).toBeVisible()
  },
}

/** The comic frees an episode every 24 hours and the reader's timer is ready: 'Free now'. */
export const FreeNow: Story = {
  globals: { viewer: 'free' },
  parameters: {
    kit: {
      prepareState: (state: MockState) => {
        state.waitForFree[COMIC] = { waitHours: 24, newestExcluded: 0 }
      },
    },
  },
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement, 'unlock-or-subscribe')
    await expect(await card.findByText('Free now')).toBeVisible()
    await expect(card.getByRole('button', { name: 'Unlock free now' })).toBeVisible()
  },
}

/** The timer is running: 'Free in 23:41', counted down, beside the coins and the subscription. */
export const FreeAfterTheWait: Story = {
  globals: { viewer: 'free' },
  parameters: {
    kit: {
      prepareState: (state: MockState) => {
        state.waitForFree[COMIC] = { waitHours: 24, newestExcluded: 0 }
        startMockWaitForFreeTimer(state, READER, COMIC, new Date(Date.now() - 19 * 60_000))
        creditMockCoins(state, READER, 25)
      },
    },
  },
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement, 'unlock-or-subscribe')
    await expect(await card.findByText(/^Free in 23:4[0-2]$/)).toBeVisible()
    await expect(card.queryByRole('button', { name: 'Unlock free now' })).toBeNull()
  },
}

/** A subscriber: the next episode is open. */
export const ReadNext: Story = {
  globals: { viewer: 'level1' },
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement, 'open')
    await expect(card.getByRole('link', { name: 'Read the next episode' })).toBeVisible()
  },
}

/** The next episode is one the reader unlocked with coins: marked, and open. */
export const NextUnlocked: Story = {
  globals: { viewer: 'free' },
  parameters: {
    kit: {
      prepareState: (state: MockState) => {
        state.coinUnlocks.push({ chapterId: mockChapterId(COMIC, 4), comicsId: COMIC, userId: READER, coins: 10, unlockedAt: new Date().toISOString() })
      },
    },
  },
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement, 'open')
    await expect(card.getByText('Unlocked')).toBeVisible()
    await expect(card.getByRole('link', { name: 'Read the next episode' })).toBeVisible()
  },
}

/** In the uncensored edition only a subscription opens the next episode. */
export const UncensoredSubscribe: Story = {
  globals: { viewer: 'free' },
  args: { uncensored: true },
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement, 'subscribe')
    await expect(card.getByRole('link', { name: 'Subscribe to read every episode' })).toBeVisible()
  },
}

/** After the last episode. */
export const AllCaughtUp: Story = {
  globals: { viewer: 'level1' },
  args: { chapterId: episodes[episodes.length - 1]!.id },
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement, 'caught-up')
    await expect(card.getByRole('heading', { name: "You're all caught up" })).toBeVisible()
  },
}
