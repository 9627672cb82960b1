import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { createDownloadStore, DOWNLOADS_CACHE_NAME } from '@comics/core'
import { MOCK_ASSETS, MOCK_CHAPTERS, MOCK_COMICS } from '@comics/mocks'
import { DownloadedEpisodes } from './DownloadedEpisodes'

/** Two episodes of comic 4 saved on the device before the story renders. */
async function downloadTwoEpisodes() {
  const store = createDownloadStore()
  const comic = MOCK_COMICS.find((candidate) => candidate.id === '4')!
  const chapters = MOCK_CHAPTERS.filter((chapter) => chapter.comicsId === '4')
  for (const chapterId of ['401', '402']) {
    const assets = MOCK_ASSETS.filter((asset) => asset.chapterId === chapterId && asset.variant === 'censored')
    await store.download({ comic, chapter: chapters.find((chapter) => chapter.id === chapterId)!, chapters, uncensored: false, variant: 'censored', assets }, { signedIn: true, level: 0 })
  }
}

/** The account's storage page: what is downloaded on this device, its size, delete one or all. */
const meta = {
  title: 'Account/DownloadedEpisodes',
  component: DownloadedEpisodes,
  globals: { viewer: 'free' },
  beforeEach: async () => {
    await caches.delete(DOWNLOADS_CACHE_NAME)
  },
} satisfies Meta<typeof DownloadedEpisodes>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing downloaded yet. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No episode is downloaded on this device/)).toBeVisible()
  },
}

/** Two episodes: each with its size; delete one, then all. */
export const WithDownloads: Story = {
  beforeEach: downloadTwoEpisodes,
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list')
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    await expect(canvas.getByText(/used on this device$/)).toBeVisible()
    const [first] = within(list).getAllByRole('listitem')
    await userEvent.click(within(first!).getByRole('button', { name: /^Delete / }))
    await waitFor(() => expect(within(canvas.getByRole('list')).getAllByRole('listitem')).toHaveLength(1))
    await userEvent.click(canvas.getByRole('button', { name: 'Delete all downloads' }))
    await expect(await canvas.findByText(/No episode is downloaded on this device/)).toBeVisible()
  },
}
