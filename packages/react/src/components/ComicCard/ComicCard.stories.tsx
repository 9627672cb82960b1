import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { MOCK_COMICS } from '@comics/mocks'
import { kitOf } from '../../../../../.storybook/stories'
import { ComicCard } from './ComicCard'

const comic = (id: string) => MOCK_COMICS.find((c) => c.id === id)!

const meta = {
  title: 'Catalogue/ComicCard',
  component: ComicCard,
  args: { comic: comic('4') },
  decorators: [(Story) => <div style={{ maxWidth: 320, padding: 16 }}><Story /></div>],
} satisfies Meta<typeof ComicCard>

export default meta
type Story = StoryObj<typeof meta>

/** The banner and the title; the whole card goes to /comic/{id}. */
export const WithBanner: Story = {
  play: async (context) => {
    await userEvent.click(context.canvas.getByRole('link', { name: 'Silent Blade' }))
    await expect(kitOf(context).navigate).toHaveBeenCalledWith('/comic/4')
  },
}

/** An empty bannerImageUrl (spec §3): a lettered fallback. */
export const WithoutBanner: Story = {
  args: { comic: comic('8') },
}

export const LongTitle: Story = {
  args: { comic: { id: '99', title: 'A Very Long Comic Title That Needs Two Lines or More to Fit', bannerImageUrl: '' } },
}
