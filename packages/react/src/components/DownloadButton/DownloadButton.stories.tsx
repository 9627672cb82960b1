import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { createDownloadStore, DOWNLOADS_CACHE_NAME } from '@comics/core'
import type { ComicsStores } from '../../provider'
import { kitOf } from '../../../../../.storybook/stories'
import { DownloadButton } from './DownloadButton'

/** Keep an episode to read it offline: from the reader's header and each row of the episode list. */
const meta = {
  title: 'Offline/DownloadButton',
  component: DownloadButton,
  args: { comicId: '4', chapterId: '401' },
  globals: { viewer: 'free' },
  // Each story starts with nothing downloaded on the device.
  beforeEach: async () => {
    await caches.delete(DOWNLOADS_CACHE_NAME)
  },
} satisfies Meta<typeof DownloadButton>

export default meta
type Story = StoryObj<typeof meta>

/** A free episode: Download saves it, then it can be removed. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Download' }))
    await expect(await canvas.findByText('Downloaded')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Remove download' }))
    await expect(await canvas.findByRole('button', { name: 'Download' })).toBeEnabled()
  },
}

/** Saving: the pages saved so far, with a progress bar (here the second page never arrives). */
export const Saving: Story = {
  parameters: {
    kit: {
      setup: (stores: ComicsStores) => {
        let pages = 0
        stores.downloads = createDownloadStore({ fetch: (input, init) => (pages++ === 0 ? fetch(input, init) : new Promise<Response>(() => {})) })
      },
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Download' }))
    const button = await canvas.findByRole('button', { name: /^Saving 1 of \d+ pages$/ })
    await expect(button).toBeDisabled()
    await expect(canvas.getByRole('progressbar', { name: 'Download' })).toHaveAttribute('value', '1')
  },
}

/** The device has no room: said, nothing kept, and Download tries again. */
export const StorageFull: Story = {
  parameters: {
    kit: {
      setup: (stores: ComicsStores) => {
        stores.downloads = createDownloadStore({ storage: { estimate: async () => ({ quota: 1_000_000, usage: 999_000 }) } })
      },
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Download' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Not enough space on this device. Remove some downloads, then try again.')
    await expect(canvas.getByRole('button', { name: 'Download' })).toBeEnabled()
  },
}

/** A page that fails: the network message, and a retry. */
export const NetworkFailure: Story = {
  parameters: {
    kit: {
      setup: (stores: ComicsStores) => {
        stores.downloads = createDownloadStore({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
      },
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Download' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The download stopped. Check your connection and try again.')
  },
}

/** A locked episode (the 4th, without a subscription): no download is offered; the free 1st beside it is. */
export const Locked: Story = {
  args: { chapterId: '404', episodeTitle: 'Episode 4' },
  render: (args) => (
    <>
      <DownloadButton {...args} />
      <DownloadButton comicId="4" chapterId="401" episodeTitle="Episode 1" />
    </>
  ),
  play: async ({ canvas, canvasElement }) => {
    // The free episode's button shows once the episodes and the viewer are known: the same ones decide the 4th.
    await expect(await canvas.findByRole('button', { name: 'Download Episode 1' }, { timeout: 5000 })).toBeEnabled()
    await expect(canvas.queryByRole('button', { name: 'Download Episode 4' })).toBeNull()
    await expect(canvasElement.querySelectorAll('.comics-download')).toHaveLength(1)
  },
}

/** With a subscription the 4th episode downloads. */
export const LockedButSubscribed: Story = {
  args: { chapterId: '404' },
  globals: { viewer: 'level1' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Download' }, { timeout: 5000 }))
    await expect(await canvas.findByText('Downloaded')).toBeVisible()
  },
}

/** An episode with a transcript: its download keeps the transcript beside the pages, to read it offline. */
export const WithTranscript: Story = {
  args: { comicId: '7', chapterId: '702' },
  play: async (context) => {
    const { canvas } = context
    await userEvent.click(await canvas.findByRole('button', { name: 'Download' }))
    await expect(await canvas.findByText('Downloaded')).toBeVisible()
    const saved = kitOf(context).stores.downloads.find('7', '702')
    await expect(saved?.transcript?.entries).toHaveLength(7)
    await expect(saved?.assets.filter((page) => page.alt)).toHaveLength(3)
  },
}
