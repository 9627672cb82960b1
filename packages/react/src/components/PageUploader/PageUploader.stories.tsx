import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse, http } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { MockState } from '@comics/mocks'
import { PageUploader } from './PageUploader'

const meta = {
  title: 'Studio/PageUploader',
  component: PageUploader,
  globals: { viewer: 'admin' },
  args: { comicId: '5', chapterId: '501', variant: 'legal' },
  // An episode with no page yet in this variant, unless a story says otherwise.
  parameters: { kit: { prepareState: (state: MockState) => void (state.assets = state.assets.filter((asset) => !(asset.chapterId === '501' && asset.variant === 'legal'))) } },
} satisfies Meta<typeof PageUploader>

export default meta
type Story = StoryObj<typeof meta>

/** A small page image with its number drawn on it, as an artist's export would be named. */
async function pageImage(name: string, hue: number): Promise<File> {
  const canvas = document.createElement('canvas')
  canvas.width = 60
  canvas.height = 80
  const context = canvas.getContext('2d')!
  context.fillStyle = `hsl(${hue} 60% 75%)`
  context.fillRect(0, 0, 60, 80)
  context.fillStyle = '#000'
  context.font = '20px sans-serif'
  context.fillText(name.replace(/\D/g, ''), 12, 46)
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'))
  return new File([blob], name, { type: 'image/png' })
}

const SHUFFLED = ['page-10.png', 'page-2.png', 'page-1.png', 'page-12.png', 'page-3.png', 'page-11.png']
const pages = () => Promise.all(SHUFFLED.map((name, i) => pageImage(name, i * 50)))

const names = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('.comics-page-uploader__name')].map((element) => element.textContent)

async function choosePages(canvas: ReturnType<typeof within>) {
  await userEvent.upload(canvas.getByLabelText('Choose images'), await pages())
}

/** Nothing chosen yet: where to drop, and the order files will be put in. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Drop page images or a folder here')).toBeVisible()
    await expect(await canvas.findByText(/No pages yet/)).toBeVisible()
  },
}

/** Files chosen in any order are listed by name, page-2 before page-10, each with its thumbnail. */
export const Chosen: Story = {
  play: async ({ canvas, canvasElement }) => {
    await choosePages(canvas)
    await expect(names(canvasElement)).toEqual(['page-1.png', 'page-2.png', 'page-3.png', 'page-10.png', 'page-11.png', 'page-12.png'])
    await expect(canvas.getByRole('button', { name: 'Upload pages' })).toBeEnabled()
  },
}

/** A page moved by keyboard on its handle; the move is announced. */
export const Reordered: Story = {
  play: async ({ canvas, canvasElement }) => {
    await choosePages(canvas)
    canvas.getByRole('button', { name: 'Move page-12.png' }).focus()
    await userEvent.keyboard('{Home}')
    await expect(names(canvasElement)[0]).toBe('page-12.png')
    await expect(canvas.getByText('page-12.png moved to page 1 of 6')).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Move page-12.png' })).toHaveFocus()
  },
}

/** A page dragged onto another's place (the browser's own drag and drop). */
export const ReorderedByDrag: Story = {
  play: async ({ canvas, canvasElement }) => {
    await choosePages(canvas)
    const items = () => [...canvasElement.querySelectorAll<HTMLLIElement>('.comics-page-uploader__page')]
    const data = new DataTransfer()
    const fire = (target: Element, type: string) => target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }))
    fire(items()[5]!, 'dragstart')
    fire(items()[1]!, 'dragover')
    fire(items()[1]!, 'drop')
    fire(items()[1]!, 'dragend')
    await waitFor(() => expect(names(canvasElement)).toEqual(['page-1.png', 'page-12.png', 'page-2.png', 'page-3.png', 'page-10.png', 'page-11.png']))
    await expect(canvas.getByText('page-12.png moved to page 2 of 6')).toBeInTheDocument()
  },
}

/** On its way: the first file is uploading (the service does not answer), with a bar per file and one for the episode. */
export const Uploading: Story = {
  parameters: { kit: { mocks: { latencyMs: { uploadPage: 'infinite' } } } },
  play: async ({ canvas, canvasElement }) => {
    await choosePages(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Upload pages' }))
    await waitFor(() => expect(canvasElement.querySelector('[data-status="uploading"]')).not.toBeNull())
    await expect(canvas.getByRole('button', { name: 'Cancel upload' })).toBeEnabled()
    await expect(canvas.getByRole('progressbar', { name: 'Episode upload' })).toBeVisible()
    await expect(canvas.getByRole('progressbar', { name: 'Upload of page-1.png' })).toBeVisible()
  },
}

/** Two files met a cut connection: said so, and the retry is offered (finished files are not sent again). */
export const FailedFile: Story = {
  parameters: {
    kit: {
      handlers: () => [
        http.post('*/comics/5/chapters/501/pages/legal', async ({ request }) => {
          const file = (await request.clone().formData()).get('file') as File
          return ['page-2.png', 'page-11.png'].includes(file.name) ? HttpResponse.error() : undefined
        }),
      ],
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await choosePages(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Upload pages' }))
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('2 pages were not sent.'))
    const failed = [...canvasElement.querySelectorAll('[data-status="failed"] .comics-page-uploader__name')].map((name) => name.textContent)
    await expect(failed).toEqual(['page-2.png', 'page-11.png'])
    await expect(canvas.getByText('4 of 6 pages sent')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Retry failed pages' })).toBeEnabled()
  },
}

/** Every page sent and saved in the order shown. */
export const Saved: Story = {
  play: async ({ canvas }) => {
    await choosePages(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Upload pages' }))
    await waitFor(() => expect(canvas.getByText('Pages saved in this order.')).toBeVisible())
    await expect(canvas.getByText('6 of 6 pages sent')).toBeVisible()
  },
}

/** An episode scheduled for later: readers do not see it until then. */
export const Scheduled: Story = {
  args: { publishAt: '2099-05-01T09:00:00Z' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Scheduled: readers see this episode from /)).toBeVisible()
  },
}

/** A draft: no publish time yet. */
export const Draft: Story = {
  args: { publishAt: null },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: Reordered.play,
}

/** An episode that has pages: they show first, from the server, to move and save with no upload. */
export const SavedPages: Story = {
  parameters: { kit: { prepareState: () => {} } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(names(canvasElement).slice(0, 2)).toEqual(['Saved page 1', 'Saved page 2']))
    await expect(canvas.queryByText(/No pages yet/)).toBeNull()
    canvas.getByRole('button', { name: 'Move Saved page 1' }).focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(names(canvasElement).slice(0, 2)).toEqual(['Saved page 2', 'Saved page 1'])
    await expect(canvas.getByRole('button', { name: 'Save page order' })).toBeEnabled()
  },
}

/** The saved pages are being loaded. */
export const LoadingSavedPages: Story = {
  parameters: { kit: { prepareState: () => {}, mocks: { latencyMs: { listAssets: 'infinite' } } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the pages this episode has…')).toBeVisible()
  },
}
