import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMockState } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { server, TEST_API_BASE_URL } from '../../../test/server'
import { PageUploader } from './PageUploader'

const target = { comicId: '5', chapterId: '501', variant: 'legal' } as const
const UPLOAD_URL = `${TEST_API_BASE_URL}/comics/5/chapters/501/pages/legal`

const page = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/png' })
const shuffled = ['page-10.png', 'page-2.png', 'page-1.png', 'page-12.png', 'page-3.png', 'page-11.png']
const inOrder = ['page-1.png', 'page-2.png', 'page-3.png', 'page-10.png', 'page-11.png', 'page-12.png']

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Pages in reading order' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.comics-page-uploader__name')!.textContent)

/**
 * The upload requests, counted as they start. jsdom's XMLHttpRequest sends neither the name nor the
 * bytes of a jsdom File, so a request is known by its rank: the uploader sends one file at a time in the
 * order shown (the e2e in Chromium checks the files by name).
 */
function countUploads() {
  const sent = { count: 0 }
  server.events.on('request:start', ({ request }) => {
    if (request.url === UPLOAD_URL) sent.count += 1
  })
  return sent
}

beforeEach(() => {
  let next = 0
  URL.createObjectURL = vi.fn(() => `blob:test/${(next += 1)}`)
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => vi.restoreAllMocks())

/** The mock catalogue with no page yet in the episode and variant uploaded to. */
function emptyEpisode() {
  const state = createMockState()
  state.assets = state.assets.filter((asset) => !(asset.chapterId === '501' && asset.variant === 'legal'))
  return state
}
const empty = () => ({ viewer: 'admin' as const, mocks: { state: emptyEpisode() } })

async function choose(files: File[]) {
  const input = screen.getByLabelText('Choose images')
  await act(async () => fireEvent.change(input, { target: { files } }))
}

describe('PageUploader', () => {
  it('says what to do when the episode has no page and none is chosen yet', async () => {
    renderWithKit(<PageUploader {...target} />, empty())
    expect(await screen.findByText(/No pages yet/)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Upload pages' })).toBeNull()
  })

  it('lists chosen files in natural name order, each with its thumbnail at once, and leaves out what is not an image', async () => {
    renderWithKit(<PageUploader {...target} />, empty())
    await choose([...shuffled.map(page), new File(['x'], 'notes.txt', { type: 'text/plain' })])
    expect(shownNames()).toEqual(inOrder)
    const thumbs = screen.getByRole('list', { name: 'Pages in reading order' }).querySelectorAll('img')
    expect([...thumbs].map((img) => [img.getAttribute('src'), img.getAttribute('loading'), img.getAttribute('decoding')])).toEqual(
      inOrder.map((_, i) => [`blob:test/${i + 1}`, 'lazy', 'async']),
    )
    expect(screen.getByText('1 file left out: not a page image (JPEG, PNG, WebP or AVIF).')).toBeVisible()
  })

  it('moves a page by keyboard on its handle, keeps the focus there and announces the move', async () => {
    const { user } = renderWithKit(<PageUploader {...target} />, empty())
    await choose(shuffled.map(page))
    const handle = screen.getByRole('button', { name: 'Move page-10.png' })
    handle.focus()
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(shownNames()).toEqual(['page-1.png', 'page-10.png', 'page-2.png', 'page-3.png', 'page-11.png', 'page-12.png'])
    expect(screen.getByRole('button', { name: 'Move page-10.png' })).toHaveFocus()
    expect(screen.getByText('page-10.png moved to page 2 of 6')).toBeInTheDocument()
    await user.keyboard('{End}')
    expect(shownNames().at(-1)).toBe('page-10.png')
  })

  it('removes one page and replaces another', async () => {
    const { user } = renderWithKit(<PageUploader {...target} />, empty())
    await choose(shuffled.map(page))
    await user.click(screen.getByRole('button', { name: 'Remove page-3.png' }))
    expect(shownNames()).toEqual(['page-1.png', 'page-2.png', 'page-10.png', 'page-11.png', 'page-12.png'])
    await user.click(screen.getByRole('button', { name: 'Replace page-2.png' }))
    const replaceInput = document.querySelector<HTMLInputElement>('input[type=file][hidden]')!
    await act(async () => fireEvent.change(replaceInput, { target: { files: [page('better-2.png')] } }))
    expect(shownNames()).toEqual(['page-1.png', 'better-2.png', 'page-10.png', 'page-11.png', 'page-12.png'])
  })

  it('sends each file once, then saves the chosen order; a later move saves the order with no file sent', async () => {
    const state = emptyEpisode()
    const sent = countUploads()
    const answered: string[] = []
    server.events.on('response:mocked', async ({ request, response }) => {
      if (request.url === UPLOAD_URL) answered.push(((await response.clone().json()) as { data: { id: string }[] }).data[0]!.id)
    })
    const { user } = renderWithKit(<PageUploader {...target} />, { viewer: 'admin', mocks: { state } })
    await choose(shuffled.map(page))
    screen.getByRole('button', { name: 'Move page-12.png' }).focus()
    await user.keyboard('{Home}')
    const chosen = ['page-12.png', 'page-1.png', 'page-2.png', 'page-3.png', 'page-10.png', 'page-11.png']
    expect(shownNames()).toEqual(chosen)
    await user.click(screen.getByRole('button', { name: 'Upload pages' }))
    expect(await screen.findByText('Pages saved in this order.')).toBeVisible()
    expect(screen.getByText('6 of 6 pages sent')).toBeVisible()
    expect(screen.getByRole('progressbar', { name: 'Episode upload' })).toHaveAttribute('value', '100')
    expect(sent.count).toBe(6)
    // The episode's pages are exactly the six sent (the fixture's pages it had are gone), in the chosen order.
    const nameOfAsset = new Map(answered.map((id, rank) => [id, chosen[rank]]))
    const stored = () =>
      state.assets
        .filter((a) => a.chapterId === '501' && a.variant === 'legal')
        .sort((a, b) => a.position! - b.position!)
        .map((a) => nameOfAsset.get(a.id) ?? a.id)
    expect(stored()).toEqual(chosen)

    screen.getByRole('button', { name: 'Move page-1.png' }).focus()
    await user.keyboard('{ArrowDown}')
    await user.click(screen.getByRole('button', { name: 'Save page order' }))
    await screen.findByText('Pages saved in this order.')
    expect(stored()).toEqual(['page-12.png', 'page-2.png', 'page-1.png', 'page-3.png', 'page-10.png', 'page-11.png'])
    expect(sent.count).toBe(6)
  })

  it('keeps going past a failed file, says so, and a retry sends only the files that failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const state = emptyEpisode()
    const sent = countUploads()
    const { user } = renderWithKit(<PageUploader {...target} />, { viewer: 'admin', mocks: { state } })
    // Before the mocks: the 2nd and 5th files sent meet a cut connection.
    let refused = [2, 5]
    let rank = 0
    server.use(
      http.post(UPLOAD_URL, () => {
        rank += 1
        return refused.includes(rank) ? HttpResponse.error() : undefined
      }),
    )
    await choose(shuffled.map(page))
    await user.click(screen.getByRole('button', { name: 'Upload pages' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('2 pages were not sent.')
    expect(screen.getByText('4 of 6 pages sent')).toBeVisible()
    const statuses = () => screen.getAllByRole('listitem').map((item) => item.dataset.status)
    expect(statuses()).toEqual(['done', 'failed', 'done', 'done', 'failed', 'done'])
    expect(screen.queryByText('Pages saved in this order.')).toBeNull()

    refused = []
    await user.click(screen.getByRole('button', { name: 'Retry failed pages' }))
    await screen.findByText('Pages saved in this order.')
    expect(sent.count).toBe(8)
    expect(statuses()).toEqual(Array(6).fill('done'))
    expect(state.assets.filter((a) => a.chapterId === '501' && a.variant === 'legal')).toHaveLength(6)
  })

  it('cancels the file on its way; uploading again sends it and the rest', async () => {
    const state = emptyEpisode()
    const { user } = renderWithKit(<PageUploader {...target} />, { viewer: 'admin', mocks: { state, latencyMs: { uploadPage: 'infinite' } } })
    await choose(shuffled.slice(0, 2).map(page))
    await user.click(screen.getByRole('button', { name: 'Upload pages' }))
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]!.dataset.status).toBe('uploading'))
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }))
    expect(await screen.findByText(/Upload cancelled/)).toBeVisible()
    expect(screen.getAllByRole('listitem').map((item) => item.dataset.status)).toEqual(['queued', 'queued'])
    expect(screen.getByRole('button', { name: 'Upload pages' })).toBeEnabled()
  })

  it('shows the pages the episode already has, to move and save in a new order or remove, with no file sent', async () => {
    const state = createMockState()
    const sent = countUploads()
    const before = state.assets.filter((a) => a.chapterId === '501' && a.variant === 'legal').sort((a, b) => a.position! - b.position!)
    expect(before.length).toBeGreaterThan(2)
    const stored = () =>
      state.assets
        .filter((a) => a.chapterId === '501' && a.variant === 'legal')
        .sort((a, b) => a.position! - b.position!)
        .map((a) => a.id)
    const { user } = renderWithKit(<PageUploader {...target} />, { viewer: 'admin', mocks: { state } })
    await waitFor(() => expect(shownNames()).toHaveLength(before.length))
    expect(screen.queryByText(/No pages yet/)).toBeNull()
    expect(shownNames().slice(0, 2)).toEqual(['Saved page 1', 'Saved page 2'])
    const thumbs = screen.getByRole('list', { name: 'Pages in reading order' }).querySelectorAll('img')
    expect([...thumbs].map((img) => img.getAttribute('src'))).toEqual(before.map((a) => a.url))
    expect(screen.getAllByText('Saved')).toHaveLength(before.length)
    expect(screen.queryByRole('button', { name: 'Upload pages' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save page order' })).toBeNull()

    screen.getByRole('button', { name: 'Move Saved page 1' }).focus()
    await user.keyboard('{ArrowDown}')
    expect(shownNames().slice(0, 2)).toEqual(['Saved page 2', 'Saved page 1'])
    await user.click(screen.getByRole('button', { name: 'Save page order' }))
    await screen.findByText('Pages saved in this order.')
    const ids = before.map((a) => a.id)
    expect(stored()).toEqual([ids[1], ids[0], ...ids.slice(2)])

    await user.click(screen.getByRole('button', { name: 'Remove Saved page 2' }))
    await user.click(screen.getByRole('button', { name: 'Save page order' }))
    await waitFor(() => expect(stored()).toEqual([ids[0], ...ids.slice(2)]))
    expect(sent.count).toBe(0)
  })

  it('says when readers will see a scheduled episode, and that a draft is hidden', () => {
    const { unmount } = renderWithKit(<PageUploader {...target} publishAt="2030-05-01T09:00:00Z" now={new Date('2030-04-01T00:00:00Z')} />, {
      viewer: 'admin',
    })
    expect(screen.getByText(/^Scheduled: readers see this episode from /)).toBeVisible()
    unmount()
    renderWithKit(<PageUploader {...target} publishAt={null} />, { viewer: 'admin' })
    expect(screen.getByText('Draft: readers do not see this episode until it has a publish time.')).toBeVisible()
  })
})
