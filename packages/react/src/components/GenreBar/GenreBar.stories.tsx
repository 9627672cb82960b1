import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { MOCK_COMICS } from '@comics/mocks'
import { GenreBar } from './GenreBar'

const meta = {
  title: 'Catalogue/GenreBar',
  component: GenreBar,
  args: { comics: MOCK_COMICS.filter((c) => c.contentRating !== 'AO'), onValueChange: fn() },
} satisfies Meta<typeof GenreBar>

export default meta
type Story = StoryObj<typeof meta>

/** 'All' plus the genres of the loaded comics, de-duplicated; choosing one selects it. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(canvas.getByRole('button', { name: 'Action' }))
    await expect(canvas.getByRole('button', { name: 'Action' })).toHaveAttribute('aria-pressed', 'true')
    await expect(args.onValueChange).toHaveBeenCalledWith('3')
  },
}

/** The adult host's comics bring the mature genres. */
export const AdultComics: Story = {
  args: { comics: MOCK_COMICS.filter((c) => c.contentRating === 'AO') },
  globals: { siteMode: 'adult' },
}

/** No comic loaded yet: 'All' alone. */
export const Empty: Story = {
  args: { comics: [] },
}
