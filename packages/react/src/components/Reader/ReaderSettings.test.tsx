import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage, READER_PAGE_GAP_PX, READER_SETTINGS_STORAGE_KEY, type ReaderPageGap } from '@comics/core'
import { createMockState, mockPageCount } from '@comics/mocks'
import { createKit, renderWithKit, type KitOptions } from '../../../test/render'
import { server, TEST_API_BASE_URL } from '../../../test/server'
import { Reader } from './Reader'
import { READER_SHORTCUTS } from './useReaderKeyboard'

const PAGES = mockPageCount('4', '401', 1)
const strip = () => screen.getByRole('region', { name: /Episode|List Episodes/ })
const readerOf = (container: HTMLElement) => container.querySelector<HTMLElement>('.comics-reader')!

const renderReader = (options: KitOptions = {}) => renderWithKit(<Reader comicId="4" chapterId="401" />, options)

/**
 * jsdom lays nothing out: pages laid out as the stylesheet would, from the reader's settings as they are
 * in the DOM right now (a column of 800 px, 'Fit the screen' 1600 px wide; pages of ratio 2:3; the gap
 * between them), and a viewport of 900 px.
 */
function layOutStrip(container: HTMLElement) {
  const reader = readerOf(container)
  const main = strip()
  const pageHeight = () => (reader.dataset.pageWidth === 'fit' ? 2400 : 1200)
  const gap = () => Number.parseInt(reader.style.getPropertyValue('--comics-reader-page-gap'), 10)
  const PADDING = 56
  for (const page of main.querySelectorAll<HTMLElement>('[data-page-index]')) {
    const index = Number(page.dataset.pageIndex)
    Object.defineProperty(page, 'offsetTop', { configurable: true, get: () => PADDING + index * (pageHeight() + gap()) })
    Object.defineProperty(page, 'offsetHeight', { configurable: true, get: () => pageHeight() })
  }
  Object.defineProperty(main, 'clientHeight', { configurable: true, value: 900 })
  Object.defineProperty(main, 'scrollHeight', { configurable: true, get: () => 2 * PADDING + PAGES * (pageHeight() + gap()) })
  return { pageHeight, gap, PADDING }
}

/** The page at the middle of the viewport, and how far down it, as the reader sees it now. */
function pageInView(layout: ReturnType<typeof layOutStrip>) {
  const middle = strip().scrollTop + 450 - layout.PADDING
  const step = layout.pageHeight() + layout.gap()
  return { page: Math.floor(middle / step), fraction: (middle % step) / layout.pageHeight() }
}

async function openSettings() {
  const button = await screen.findByRole('button', { name: 'Reader settings' })
  // As a click or the keyboard would, the button has focus when it opens the panel.
  button.focus()
  fireEvent.click(button)
  return screen.findByRole('dialog', { name: 'Reader settings' })
}

describe('Reader settings', () => {
  it('a settings panel of five labelled radio groups; a choice applies at once and is kept across a reload', async () => {
    const storage = createMemoryStorage()
    const kit = createKit({ storageAdapter: storage })
    const { container, unmount } = render(<Reader comicId="4" chapterId="401" />, { wrapper: kit.wrapper })
    await screen.findByAltText(`Page 1 of ${PAGES}`)
    expect(readerOf(container).dataset).toMatchObject({ pageWidth: 'column', background: 'dark' })
    const dialog = await openSettings()
    const groups = within(dialog).getAllByRole('group')
    expect(groups.map((group) => group.getAttribute('aria-label') ?? group.querySelector('legend')!.textContent)).toEqual([
      'Page width',
      'Gap between pages',
      'Background',
      'Auto-scroll speed',
      'Episodes',
    ])
    expect(within(within(dialog).getByRole('group', { name: 'Episodes' })).getByRole('radio', { name: 'One at a time' })).toBeChecked()
    const width = within(dialog).getByRole('group', { name: 'Page width' })
    expect(within(width).getByRole('radio', { name: 'Column' })).toBeChecked()
    fireEvent.click(within(width).getByRole('radio', { name: 'Fit the screen' }))
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Large' }))
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Light' }))
    expect(readerOf(container).dataset).toMatchObject({ pageWidth: 'fit', background: 'light' })
    expect(readerOf(container).style.getPropertyValue('--comics-reader-page-gap')).toBe(`${READER_PAGE_GAP_PX.large}px`)

    // Escape closes it and focus goes back to the settings button.
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Reader settings' })).toHaveFocus()

    // A reload: a new provider over the same storage reads the settings before the first paint.
    unmount()
    expect(JSON.parse(storage.getItem(READER_SETTINGS_STORAGE_KEY)!)).toMatchObject({ pageWidth: 'fit', pageGap: 'large', background: 'light' })
    const reloaded = createKit({ storageAdapter: storage })
    const again = render(<Reader comicId="4" chapterId="401" />, { wrapper: reloaded.wrapper })
    expect(readerOf(again.container).dataset).toMatchObject({ pageWidth: 'fit', background: 'light' })
    expect(readerOf(again.container).style.getPropertyValue('--comics-reader-page-gap')).toBe(`${READER_PAGE_GAP_PX.large}px`)
  })

  it('reads the stored settings on the first render, before any page is in', () => {
    const { container } = renderReader({
      storage: { [READER_SETTINGS_STORAGE_KEY]: JSON.stringify({ pageWidth: 'fit', pageGap: 'small', background: 'light', updatedAt: '2026-01-01T00:00:00.000Z', unsaved: false }) },
    })
    expect(readerOf(container).dataset).toMatchObject({ pageWidth: 'fit', background: 'light' })
    expect(readerOf(container).style.getPropertyValue('--comics-reader-page-gap')).toBe(`${READER_PAGE_GAP_PX.small}px`)
  })

  it.each([
    { change: 'Fit the screen', group: 'Page width' },
    { change: 'Large', group: 'Gap between pages' },
  ])('changing "$change" mid-episode keeps the page in view in view', async ({ change }) => {
    const { container } = renderReader()
    await screen.findByAltText(`Page 1 of ${PAGES}`)
    // Scrolled into the episode, so every page is mounted.
    fireEvent.scroll(strip(), { target: { scrollTop: 1 } })
    await waitFor(() => expect(strip().querySelectorAll('[data-page-index] img').length).toBe(PAGES))
    const layout = layOutStrip(container)
    strip().scrollTop = layout.PADDING + 2 * layout.pageHeight() + 0.25 * layout.pageHeight() - 450
    fireEvent.scroll(strip())
    const before = pageInView(layout)
    expect(before.page).toBe(2)

    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('radio', { name: change }))
    const after = pageInView(layout)
    expect(after.page).toBe(2)
    expect(after.fraction).toBeCloseTo(before.fraction, 2)
  })

  it('zoomed in, a change of the page width keeps the page in view in view', async () => {
    const { container } = renderReader()
    await screen.findByAltText(`Page 1 of ${PAGES}`)
    fireEvent.scroll(strip(), { target: { scrollTop: 1 } })
    await waitFor(() => expect(strip().querySelectorAll('[data-page-index] img').length).toBe(PAGES))
    const layout = layOutStrip(container)
    // At 200 %: the strip's offsets are twice the pages' own.
    fireEvent.keyDown(strip(), { key: '=', ctrlKey: true })
    fireEvent.keyDown(strip(), { key: '=', ctrlKey: true })
    fireEvent.keyDown(strip(), { key: '=', ctrlKey: true })
    expect(screen.getByRole('button', { name: 'Reset zoom, now 200%' })).toBeInTheDocument()
    const inView = () => (strip().scrollTop + 450) / 2 - layout.PADDING
    strip().scrollTop = 2 * (layout.PADDING + 2 * layout.pageHeight() + 0.25 * layout.pageHeight()) - 450
    fireEvent.scroll(strip())
    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Fit the screen' }))
    // Page 2, a quarter down it, at the middle still.
    expect(inView() / layout.pageHeight()).toBeCloseTo(2.25, 2)
  })

  it('a change from elsewhere (another tab, another device) keeps the page in view too', async () => {
    const kit = createKit()
    const { container } = render(<Reader comicId="4" chapterId="401" />, { wrapper: kit.wrapper })
    await screen.findByAltText(`Page 1 of ${PAGES}`)
    fireEvent.scroll(strip(), { target: { scrollTop: 1 } })
    await waitFor(() => expect(strip().querySelectorAll('[data-page-index] img').length).toBe(PAGES))
    const layout = layOutStrip(container)
    strip().scrollTop = layout.PADDING + 3 * layout.pageHeight() + 0.6 * layout.pageHeight() - 450
    act(() => kit.stores.readerSettings.settle({ pageWidth: 'fit', pageGap: 'medium' as ReaderPageGap, background: 'dark', scrollSpeed: 'medium', flow: 'episode', updatedAt: '2030-01-01T00:00:00.000Z' }))
    expect(readerOf(container).dataset.pageWidth).toBe('fit')
    expect(pageInView(layout)).toMatchObject({ page: 3 })
    expect(pageInView(layout).fraction).toBeCloseTo(0.6, 2)
  })

  it("'?' opens the list of the reader's shortcuts; Escape closes it; '?' typed in a field does not", async () => {
    renderReader()
    await screen.findByAltText(`Page 1 of ${PAGES}`)
    fireEvent.keyDown(strip(), { key: '?', shiftKey: true })
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    const rows = within(dialog).getAllByRole('definition').map((item) => item.textContent)
    expect(rows).toEqual([
      'Scroll down a screen',
      'Scroll up a screen',
      'Scroll down',
      'Scroll up',
      'Previous episode',
      'Next episode',
      'Zoom in',
      'Zoom out',
      'Reset zoom',
      'Play or pause auto-scroll',
      'Slower auto-scroll',
      'Faster auto-scroll',
      'Show this list',
    ])
    expect(rows).toHaveLength(READER_SHORTCUTS.length)
    expect(within(dialog).getAllByRole('term')[4]!.textContent).toBe('[ or Shift+←')
    expect(within(dialog).getAllByRole('term')[6]!.textContent).toBe('Ctrl++')
    expect(within(dialog).getAllByRole('term')[8]!.textContent).toBe('Ctrl+0')
    expect(within(dialog).getAllByRole('term')[9]!.textContent).toBe('a')
    expect(within(dialog).getAllByRole('term')[11]!.textContent).toBe('+ or =')
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    const field = document.body.appendChild(document.createElement('input'))
    fireEvent.keyDown(field, { key: '?', shiftKey: true })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    field.remove()
  })

  it('the settings panel opens the shortcut list too', async () => {
    renderReader()
    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keyboard shortcuts' }))
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Reader settings' })).not.toBeInTheDocument()
  })

  it("signed in: the account's later settings show; a change is saved to the account; a failed save stays here, unsaved", async () => {
    const state = createMockState()
    const kit = createKit({ viewer: 'free', mocks: { state } })
    state.readerSettings[kit.viewer.userId!] = { pageWidth: 'fit', pageGap: 'none', background: 'light', scrollSpeed: 'medium', flow: 'episode', updatedAt: '2026-01-01T00:00:00.000Z' }
    const { container } = render(<Reader comicId="4" chapterId="401" />, { wrapper: kit.wrapper })
    await waitFor(() => expect(readerOf(container).dataset).toMatchObject({ pageWidth: 'fit', background: 'light' }))

    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Small' }))
    await waitFor(() => expect(state.readerSettings[kit.viewer.userId!]).toMatchObject({ pageGap: 'small', pageWidth: 'fit' }))
    await waitFor(() => expect(kit.stores.readerSettings.getSnapshot().unsaved).toBe(false))

    let refusedSaves = 0
    server.use(
      http.put(`${TEST_API_BASE_URL}/me/reader-settings`, () => {
        refusedSaves += 1
        return HttpResponse.json({ error: { code: 'unavailable', message: 'Down' } }, { status: 503 })
      }),
    )
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Dark' }))
    expect(readerOf(container).dataset.background).toBe('dark')
    // The save is tried again after a refusal: by the second try the first refusal has been taken in.
    await waitFor(() => expect(refusedSaves).toBe(2), { timeout: 5_000 })
    expect(kit.stores.readerSettings.getSnapshot()).toMatchObject({ settings: { background: 'dark' }, unsaved: true })
    expect(state.readerSettings[kit.viewer.userId!]).toMatchObject({ background: 'light' })
  })
})

