import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { mockChapterId, seedMockComments, type MockState } from '@comics/mocks'
import { kitOf, page } from '../../../../../.storybook/stories'
import { EpisodeList } from './EpisodeList'

const meta = {
  title: 'Comic page/EpisodeList',
  component: EpisodeList,
  args: { comicId: '4' },
} satisfies Meta<typeof EpisodeList>

export default meta
type Story = StoryObj<typeof meta>

const lockedRows = (canvasElement: HTMLElement) => canvasElement.querySelectorAll('[data-locked="true"]').length
const banner = (canvasElement: HTMLElement) => canvasElement.querySelector('.comics-upgrade-banner')?.getAttribute('data-kind')

/** Guest: 3 free episodes, locks from the 4th, the upgrade banner before it; a locked row opens sign-in. */
export const Guest: Story = {
  globals: { viewer: 'guest' },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { name: '8 Episodes' })
    await waitFor(() => expect(lockedRows(canvasElement)).toBe(5))
    await expect(banner(canvasElement)).toBe('continue')
    await expect(canvas.queryByRole('link', { name: /Unlock for/ })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Open Episode 4, Locked' }))
    await page(canvasElement).findByRole('dialog', { name: 'Sign In' })
  },
}

/**
 * Signed in without a subscription: the same locks; a locked row goes to /premium, and each locked row
 * also offers 'Unlock for 10 coins', which opens the reader on that episode where the unlock shows.
 */
export const NoSubscription: Story = {
  globals: { viewer: 'free' },
  play: async (context) => {
    const { canvas, canvasElement } = context
    await canvas.findByRole('heading', { name: '8 Episodes' })
    await waitFor(() => expect(lockedRows(canvasElement)).toBe(5))
    const locked = canvas.getByRole('button', { name: 'Open Episode 4, Locked' })
    await waitFor(() => expect(locked).toBeEnabled())
    await userEvent.click(locked)
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/premium')
    const unlocks = canvas.getAllByRole('link', { name: 'Unlock for 10 coins' })
    await expect(unlocks).toHaveLength(5)
    await userEvent.click(unlocks[0]!)
    await expect(kitOf(context).navigate).toHaveBeenLastCalledWith('/comic/4/404')
  },
}

/** The same reader on a phone: the coin unlock sits under the title, beside the preview. */
export const NoSubscriptionMobile: Story = {
  globals: { viewer: 'free', viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByRole('link', { name: 'Unlock for 10 coins' })).toHaveLength(5)
  },
}

/** A reader who unlocked episode 4 with coins: it is open and marked 'Unlocked'; the rest stay locked. */
export const UnlockedEpisode: Story = {
  globals: { viewer: 'free' },
  parameters: {
    kit: {
      prepareState: (state: MockState) => {
        state.coinUnlocks.push({ chapterId: mockChapterId('4', 4), comicsId: '4', userId: 'user-reader', coins: 10, unlockedAt: new Date().toISOString() })
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { name: '8 Episodes' })
    await waitFor(() => expect(lockedRows(canvasElement)).toBe(4))
    const marked = canvasElement.querySelectorAll('[data-unlocked="true"]')
    await expect(marked).toHaveLength(1)
    await expect(marked[0]).toHaveTextContent('Episode 4')
    await expect(canvas.getByText('Unlocked')).toBeVisible()
  },
}

/** Level 1: every episode open, no banner. */
export const Level1: Story = {
  globals: { viewer: 'level1' },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { name: '8 Episodes' })
    await waitFor(() => expect(lockedRows(canvasElement)).toBe(0))
    await expect(banner(canvasElement)).toBeUndefined()
    await expect(canvas.queryByRole('link', { name: /Unlock for/ })).toBeNull()
  },
}

/** Level 2 on a comic with an uncensored edition: the uncensored upgrade banner. */
export const Level2UncensoredComic: Story = {
  globals: { viewer: 'level2', siteMode: 'adult' },
  args: { comicId: '1' },
  parameters: { kit: { ageVerified: true } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { name: '6 Episodes' })
    await waitFor(() => expect(banner(canvasElement)).toBe('uncensored'))
  },
}

/** Level 3 on the same comic: no banner. */
export const Level3UncensoredComic: Story = {
  globals: { viewer: 'level3', siteMode: 'adult' },
  args: { comicId: '1' },
  parameters: { kit: { ageVerified: true } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { name: '6 Episodes' })
    await waitFor(() => expect(lockedRows(canvasElement)).toBe(0))
    await expect(banner(canvasElement)).toBeUndefined()
  },
}

/** Level 4 in uncensored mode: rows open the uncensored reader. */
export const Level4UncensoredMode: Story = {
  globals: { viewer: 'level4', siteMode: 'adult' },
  args: { comicId: '1', uncensored: true },
  parameters: { kit: { ageVerified: true } },
}

/** Chapter numbers with gaps (1, 2, 5, 7, 10): locking goes by order. */
export const NumberingWithGaps: Story = {
  globals: { viewer: 'guest' },
  args: { comicId: '6' },
}

/** A comic with no episode yet. */
export const Empty: Story = {
  args: { comicId: '14' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No episodes yet')).toBeVisible()
  },
}

/** The chapters never arrive. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: { listChapters: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading…')).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

/** The episodes fail to load: an alert with a retry, never '0 Episodes'. */
export const LoadError: Story = {
  parameters: { kit: { mocks: { errors: { listChapters: 500 } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong')
    await expect(canvas.queryByText('No episodes yet')).toBeNull()
  },
}

/** One episode: the heading is in the singular, '1 Episode' (plural forms of the provider's locale). */
export const OneEpisode: Story = {
  globals: { viewer: 'guest' },
  args: { comicId: '12' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: '1 Episode' })
  },
}

/** No episode yet: '0 Episodes'. */
export const NoEpisodes: Story = {
  globals: { viewer: 'guest' },
  args: { comicId: '14' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: '0 Episodes' })
    await expect(canvas.getByText('No episodes yet')).toBeVisible()
  },
}

/** A partner's German plural forms with the locale 'de-DE'. */
export const PartnerPluralForms: Story = {
  globals: { viewer: 'guest' },
  parameters: {
    kit: { locale: 'de-DE', messages: { 'episodes.count': { one: '{n} Folge', other: '{n} Folgen' } } },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: '8 Folgen' })
  },
}

/** A followed comic whose 8th episode came out since the reader last read it: marked NEW. */
export const NewEpisodeOfFollowedComic: Story = {
  globals: { viewer: 'free' },
  parameters: {
    kit: {
      prepareState: (state: import('@comics/mocks').MockState) => {
        const now = Date.now()
        state.follows['user-reader'] = [{ comicId: '4', followedAt: now - 86_400_000 }]
        state.chapters.find((chapter) => chapter.id === '408')!.publishAt = new Date(now - 3_600_000).toISOString()
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { name: '8 Episodes' })
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-new="true"]')).toHaveLength(1))
    await expect(canvasElement.querySelector('[data-new="true"]')).toHaveTextContent('NEW')
  },
}

/** With `reactions`: a row whose episode has likes or comments says how many; the others say nothing. */
export const WithReactions: Story = {
  args: { reactions: true },
  globals: { viewer: 'guest' },
  parameters: {
    kit: {
      prepareState: (state: MockState) => {
        seedMockComments(state, '401', [{ text: 'First!' }, { text: 'Lovely colours.', authorUid: 'user-level2' }])
        seedMockComments(state, '402', [{ text: 'Who is she?' }])
        state.comments!.episodeLikes['401'] = ['user-level1', 'user-level2', 'user-level3']
      },
    },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: '8 Episodes' })
    const rows = canvas.getAllByRole('listitem')
    await waitFor(() => expect(rows[0]).toHaveTextContent('3 likes · 2 comments'))
    await expect(rows[1]).toHaveTextContent('0 likes · 1 comment')
    await expect(rows[2]!.querySelector('.comics-episode-row__reactions')).toBeNull()
    // The counts are not part of the row's name.
    await expect(canvas.getByRole('link', { name: 'Open Episode 1' })).toBeInTheDocument()
  },
}
