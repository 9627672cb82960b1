import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { kitOf } from '../../../../../.storybook/stories'
import { ComicPreview } from './ComicPreview'

const meta = {
  title: 'Comic page/ComicPreview',
  component: ComicPreview,
  args: { comicId: '4' },
} satisfies Meta<typeof ComicPreview>

export default meta
type Story = StoryObj<typeof meta>

/** No saved progress: 'Start Reading' opens the first episode. */
export const StartReading: Story = {
  play: async (context) => {
    const { canvas } = context
    const start = await canvas.findByRole('button', { name: 'Start Reading' })
    await waitFor(() => expect(start).toBeEnabled())
    await userEvent.click(start)
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/comic/4/401')
  },
}

/** Saved progress: "Continue reading '{chapter title}'" opens that episode. */
export const ContinueReading: Story = {
  parameters: { kit: { progress: [{ comicId: '4', position: { chapterId: '403', chapterTitle: 'Episode 3' } }] } },
  play: async (context) => {
    await userEvent.click(await context.canvas.findByRole('button', { name: "Continue reading 'Episode 3'" }))
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/comic/4/403')
  },
}

/** A comic with an uncensored edition on the adult host: a level 3 subscriber reads it uncensored. */
export const ReadUncensoredLevel3: Story = {
  globals: { viewer: 'level3', siteMode: 'adult' },
  args: { comicId: '1' },
  parameters: { kit: { ageVerified: true } },
  play: async (context) => {
    const button = await context.canvas.findByRole('button', { name: '🔥Read Uncensored' })
    await waitFor(() => expect(button).toBeEnabled())
    await userEvent.click(button)
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/comic/1/uncensored')
  },
}

/** Below level 3 the same button leads to /premium. */
export const ReadUncensoredLevel2: Story = {
  globals: { viewer: 'level2', siteMode: 'adult' },
  args: { comicId: '1' },
  parameters: { kit: { ageVerified: true } },
  play: async (context) => {
    const button = await context.canvas.findByRole('button', { name: '🔥Read Uncensored' })
    await waitFor(() => expect(button).toBeEnabled())
    await userEvent.click(button)
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/premium')
  },
}

/** A guest sees the button too; it leads to /premium. */
export const ReadUncensoredGuest: Story = {
  globals: { viewer: 'guest', siteMode: 'adult' },
  args: { comicId: '1' },
  parameters: { kit: { ageVerified: true } },
}

/** Uncensored mode: the uncensored banner, no button. */
export const UncensoredMode: Story = {
  globals: { viewer: 'level3', siteMode: 'adult' },
  args: { comicId: '1', uncensored: true },
  parameters: { kit: { ageVerified: true } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Moonlit Contract' })
    await expect(canvas.queryByRole('button', { name: '🔥Read Uncensored' })).toBeNull()
  },
}

/** A comic with no episode yet: nothing to start. */
export const NoEpisodes: Story = {
  args: { comicId: '14' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Starlight Kitchen' })
    await expect(canvas.getByRole('button', { name: 'Start Reading' })).toBeDisabled()
  },
}

/** The comic never arrives. */
export const Loading: Story = {
  parameters: { kit: { mocks: { latencyMs: 'infinite' } } },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

export const PartnerTheme: Story = {
  globals: { theme: 'partner' },
}

/** The comic fails to load: an alert with a retry. */
export const LoadError: Story = {
  parameters: { kit: { mocks: { errors: { listComics: 500 } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong')
  },
}

/** The lead of the site's featured list: 'Comic of the day' above its title, with its genres and counts. */
export const Featured: Story = {
  parameters: {
    kit: {
      site: { featured: [{ id: '4', image: '', mobileImage: '', title: 'Silent Blade', description: '', rating: 5, ageRating: '', isReadersChoice: true }] },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Comic of the day')).toBeVisible()
    await expect(canvas.getByText("Reader's choice")).toBeVisible()
    await expect(await canvas.findByRole('list', { name: 'Genres' })).toBeVisible()
    await expect(await canvas.findByText('8 Episodes')).toBeVisible()
  },
}
