import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { kitOf } from '../../../../../.storybook/stories'
import { LastReadSlider } from './LastReadSlider'

/** Comics read, oldest first: the slider shows the most recent first. */
const READ = ['12', '9', '7', '5', '4'].map((comicId) => ({
  comicId,
  position: { chapterId: `${comicId}01`, chapterTitle: 'Episode 1', page: comicId === '7' ? 11 : 0 },
}))

const meta = {
  title: 'Account/LastReadSlider',
  component: LastReadSlider,
  globals: { viewer: 'free' },
  parameters: { kit: { progress: READ } },
} satisfies Meta<typeof LastReadSlider>

export default meta
type Story = StoryObj<typeof meta>

/** 'LAST READ' with the last 5 comics read. */
export const WithHistory: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByRole('group')).toHaveLength(5)
  },
}

/** Under each card, where the reader stopped: the episode, the page of how many, a bar, and the way back in. */
export const WithProgress: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^Episode 1 · page 12 of \d+$/, {}, { timeout: 5000 })).toBeVisible()
    await expect(canvas.getAllByRole('link', { name: "Continue reading 'Episode 1'" })).toHaveLength(5)
  },
}

/** A click (short, still) opens the comic and records it; a drag does not. */
export const DragVersusClick: Story = {
  play: async (context) => {
    const { canvas } = context
    const kit = kitOf(context)
    const card = await canvas.findByRole('link', { name: 'Silent Blade' })
    const box = card.getBoundingClientRect()
    const x = box.left + 20
    const y = box.top + 20
    // A drag: pressed, moved 40 px, released on the card.
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: card, coords: { clientX: x, clientY: y } },
      { target: card, coords: { clientX: x + 40, clientY: y } },
      { keys: '[/MouseLeft]', target: card, coords: { clientX: x + 40, clientY: y } },
    ])
    await expect(kit.navigate).not.toHaveBeenCalled()
    await expect(kit.events.map((event) => event.name)).not.toContain('last_read_comic_clicked')
    // A click.
    await userEvent.click(card)
    await waitFor(() => expect(kit.navigate).toHaveBeenCalledWith('/comic/4'))
    await expect(kit.events.map((event) => event.name)).toContain('last_read_comic_clicked')
  },
}

/** Nothing read yet: the slider is not shown. */
export const Empty: Story = {
  parameters: { kit: { progress: [] } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.comics-last-read')).toBeNull()
  },
}

export const Loading: Story = {
  parameters: { kit: { progress: READ, mocks: { latencyMs: { listComics: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…')
  },
}

export const Error: Story = {
  parameters: { kit: { progress: READ, mocks: { errors: { listComics: 500 } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong')
  },
}

/** Two slides at 768px and below. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
