import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { DOWNLOADS_CACHE_NAME } from '@comics/core'
import { DownloadNextButton } from './DownloadNextButton'

/** 'Download the next 3' from the reader: the following episodes the reader may download now. */
const meta = {
  title: 'Offline/DownloadNextButton',
  component: DownloadNextButton,
  args: { comicId: '4', chapterId: '401' },
  globals: { viewer: 'level2' },
  beforeEach: async () => {
    await caches.delete(DOWNLOADS_CACHE_NAME)
  },
} satisfies Meta<typeof DownloadNextButton>

export default meta
type Story = StoryObj<typeof meta>

/** A subscriber: episodes 2 to 4 are saved one after another, then the button goes. */
export const Subscriber: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Download the next 3' }))
    await waitFor(() => expect(canvasElement.querySelector('.comics-download')).toBeNull(), { timeout: 10_000 })
  },
}

/** Without a subscription from episode 2: only episode 3 is free to download; the 4th is locked. */
export const StopsAtALockedEpisode: Story = {
  args: { chapterId: '402' },
  globals: { viewer: 'free' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Download the next 3' }))
    await waitFor(() => expect(canvasElement.querySelector('.comics-download')).toBeNull(), { timeout: 10_000 })
    const cache = await caches.open(DOWNLOADS_CACHE_NAME)
    const records = (await cache.keys()).map((request) => request.url).filter((url) => url.includes('/__comics-downloads__/'))
    await expect(records.map((url) => url.split('/__comics-downloads__/')[1])).toEqual(['4/403/legal'])
  },
}

/** From the 3rd episode without a subscription nothing follows that may be downloaded: no button. */
export const NothingToDownload: Story = {
  args: { chapterId: '403' },
  globals: { viewer: 'free' },
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    await expect(canvasElement.querySelector('.comics-download')).toBeNull()
  },
}
