import { StrictMode } from 'react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockState, creditMockCoins, MOCK_ASSETS, MOCK_CHAPTERS, MOCK_VIEWERS, mockPageCount } from '@comics/mocks'
import { useAuthModal } from '../../hooks'
import { queryKeys } from '../../hooks/queryKeys'
import { createKit, renderWithKit, type KitOptions, type KitViewer } from '../../../test/render'
import { http, HttpResponse } from 'msw'
import { server } from '../../../test/server'
import { Reader, type ReaderProps } from './Reader'
import { pageImageSources, PAGE_STALL_MS } from './ReaderPage'
import { READER_PAGE_SIZES } from './pageSizes'
import { DOUBLE_TAP_MS, scrollFor, stripZoom, zoomStep } from './useReaderZoom'

function ModalProbe() {
  const { isOpen, mode, closeAuthModal } = useAuthModal()
  return (
    <>
      <output aria-label="auth modal">{isOpen ? mode : 'closed'}</output>
      <button type="button" onClick={closeAuthModal}>
        close auth modal
      </button>
    </>
  )
}

const renderReader = (props: Partial<ReaderProps> = {}, options: KitOptions = {}) => {
  const readerProps: ReaderProps = { comicId: '4', chapterId: '401', ...props }
  const kit = renderWithKit(
    <>
      <Reader {...readerProps} />
      <ModalProbe />
    </>,
    options,
  )
  const rerenderReader = (next: Partial<ReaderProps>) =>
    kit.rerender(
      <>
        <Reader {...readerProps} {...next} />
        <ModalProbe />
      </>,
    )
  return { ...kit, rerenderReader }
}

const pagesOf = (comicId: string, chapterId: string) => mockPageCount(comicId, chapterId, Number(chapterId.slice(-2)))
const strip = () => screen.getByRole('region', { name: /Episode|List Episodes/ })
const header = (container: HTMLElement) => container.querySelector('.comics-reader__header')!
const footer = (container: HTMLElement) => container.querySelector('.comics-reader__footer')!
const firstPage = (comicId = '4', chapterId = '401') => screen.findByAltText(`Page 1 of ${pagesOf(comicId, chapterId)}`)

/** jsdom lays nothing out: give the strip a viewport and a content height, then scroll it. */
function layOut(element: HTMLElement, size: { clientHeight: number; scrollHeight: number }) {
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: size.clientHeight })
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: size.scrollHeight })
}
function scrollTo(element: HTMLElement, scrollTop: number) {
  element.scrollTop = scrollTop
  fireEvent.scroll(element)
}

/** Counts the asset list requests the mocks receive. */
function assetRequests() {
  const bodies: unknown[] = []
  const listener = ({ request }: { request: Request }) => {
    if (request.url.endsWith('/comics-assets/list')) void request.clone().json().then((body) => bodies.push(body))
  }
  server.events.on('request:start', listener)
  return { bodies, stop: () => server.events.removeListener('request:start', listener) }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('Reader: an episode written for readers who do not see it', () => {
  const requestsTo = (path: string) => {
    const urls: string[] = []
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith(path)) urls.push(request.url)
    }
    server.events.on('request:start', listener)
    return { urls, stop: () => server.events.removeListener('request:start', listener) }
  }

  it('names each page by its alt text, else its place, and fetches the transcript only when the Transcript is opened', async () => {
    const transcriptRequests = requestsTo('/chapters/702/transcript')
    const { user } = renderReader({ comicId: '7', chapterId: '702' })
    fireEvent.load(await screen.findByRole('img', { name: /^Two brothers on a coastal road/ }))
    const images = within(strip()).getAllByRole('img')
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Two brothers on a coastal road at dawn, the sea behind them and mountains far ahead.',
      'The younger brother, Theo, sits on a milestone rubbing his ankle while Ari checks a paper map.',
      'Close-up of the map: a pencil line from the coast to a peak marked with a small star.',
      'Page 4 of 4',
    ])
    const button = await screen.findByRole('button', { name: 'Transcript' })
    expect(transcriptRequests.urls).toEqual([])
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Transcript' })
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(7))
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4'])
    expect(within(dialog).getAllByRole('listitem')[2]).toHaveTextContent('Theo: My feet have stopped talking to me.')
    expect(transcriptRequests.urls).toHaveLength(1)
    transcriptRequests.stop()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(button).toHaveFocus()
  })

  it('offers no Transcript for an episode without one', async () => {
    renderReader()
    fireEvent.load(await firstPage())
    await screen.findByRole('heading', { name: 'Silent Blade' })
    expect(screen.queryByRole('button', { name: 'Transcript' })).toBeNull()
  })
})

describe('Reader: header, pages and footer', () => {
  it('shows the comic and episode titles and closes to the comic page', async () => {
    const { user, navigate } = renderReader()
    expect(await screen.findByRole('heading', { name: 'Silent Blade' })).toBeInTheDocument()
    expect(await screen.findByText('Episode 1', { selector: 'p' })).toBeInTheDocument()
    const close = screen.getByRole('link', { name: 'Close reader' })
    expect(close).toHaveAttribute('href', '/comic/4')
    await user.click(close)
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/comic/4'))
  })

  it('gives each title its whole text on hover, for a phone where it is cut with an ellipsis', async () => {
    renderReader()
    expect(await screen.findByRole('heading', { name: 'Silent Blade' })).toHaveAttribute('title', 'Silent Blade')
    expect(await screen.findByText('Episode 1', { selector: 'p' })).toHaveAttribute('title', 'Episode 1')
  })

  it("folds the download actions into one 'Downloads' menu button that opens, closes on Escape with focus back, and on a press outside", async () => {
    const { user, container } = renderReader()
    await firstPage()
    const toggle = within(header(container) as HTMLElement).getByRole('button', { name: 'Downloads' })
    const menu = container.querySelector(`#${CSS.escape(toggle.getAttribute('aria-controls')!)}`)!
    expect(menu.closest('.comics-reader__downloads')).toHaveAttribute('data-state', 'closed')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(menu.closest('.comics-reader__downloads')).toHaveAttribute('data-state', 'open')
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()
    await user.click(toggle)
    await user.click(screen.getByRole('heading', { name: 'Silent Blade' }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  it("renders every page in order with the alt text 'Page {n} of {total}'", async () => {
    renderReader()
    fireEvent.load(await firstPage())
    const total = pagesOf('4', '401')
    const images = within(strip()).getAllByRole('img')
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(
      Array.from({ length: total }, (_, index) => `Page ${index + 1} of ${total}`),
    )
    expect(screen.getByAltText(`Page 3 of ${total}`)).toBeInTheDocument()
    expect(footer(document.body)).toBeTruthy()
    for (const name of ['Prev', 'List Episodes', 'Next']) expect(screen.getByRole('button', { name })).toBeInTheDocument()
  })

  it('mounts only the first page until it arrives, the others holding their boxes', async () => {
    renderReader()
    const first = await firstPage()
    const total = pagesOf('4', '401')
    expect(within(strip()).getAllByRole('img')).toEqual([first])
    const boxes = strip().querySelectorAll('[data-page-index]')
    expect(boxes).toHaveLength(total)
    expect(boxes[1]).toHaveAttribute('data-state', 'pending')
    expect((boxes[1] as HTMLElement).style.aspectRatio).not.toBe('')
    fireEvent.load(first)
    await waitFor(() => expect(within(strip()).getAllByRole('img')).toHaveLength(total))
  })

  it('mounts every page as soon as the reader scrolls, even before the first page arrives', async () => {
    renderReader()
    await firstPage()
    const element = strip()
    layOut(element, { clientHeight: 800, scrollHeight: 5000 })
    scrollTo(element, 1200)
    await waitFor(() => expect(within(element).getAllByRole('img')).toHaveLength(pagesOf('4', '401')))
  })

  it('loads the first page eagerly at high priority and the rest lazily, each in a box reserved from its size', async () => {
    renderReader()
    const first = await firstPage()
    expect(first).toHaveAttribute('loading', 'eager')
    expect(first).toHaveAttribute('fetchpriority', 'high')
    fireEvent.load(first)
    await waitFor(() => expect(within(strip()).getAllByRole('img')).toHaveLength(pagesOf('4', '401')))
    const rest = within(strip()).getAllByRole('img').slice(1)
    for (const image of rest) {
      expect(image).toHaveAttribute('loading', 'lazy')
      expect(image).toHaveAttribute('decoding', 'async')
      expect(image).not.toHaveAttribute('fetchpriority')
    }
    for (const image of [first, ...rest]) {
      const width = Number(image.getAttribute('width'))
      const height = Number(image.getAttribute('height'))
      expect(width).toBe(800)
      expect(height).toBeGreaterThanOrEqual(1000)
      const page = image.closest('li')!
      expect(page.style.aspectRatio).toBe(`${width} / ${height}`)
      expect(page.style.containIntrinsicSize).toBe(`auto ${width}px auto ${height}px`)
    }
  })

  it('reserves a fallback box for a page the API gives no size', async () => {
    const state = createMockState()
    state.assets = state.assets.map((asset) => (asset.chapterId === '401' ? { ...asset, width: undefined, height: undefined } : asset))
    renderReader({}, { mocks: { state } })
    const first = await firstPage()
    expect(first).toHaveAttribute('width', '800')
    expect(first).toHaveAttribute('height', '1200')
    expect(first.closest('li')!.style.aspectRatio).toBe('800 / 1200')
  })

  it('makes the strip a focusable scroll container, focused on open', async () => {
    renderReader()
    await firstPage()
    expect(strip()).toHaveAttribute('tabindex', '0')
    expect(strip()).toHaveFocus()
  })
})

describe('Reader: Prev and Next', () => {
  it('disables Prev on the first episode and opens the previous one elsewhere', async () => {
    const { user, navigate, rerenderReader } = renderReader()
    await firstPage()
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled()
    rerenderReader({ chapterId: '402' })
    await firstPage('4', '402')
    await user.click(screen.getByRole('button', { name: 'Prev' }))
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/comic/4/401'))
  })

  it.each<[KitViewer, boolean]>([
    ['guest', false],
    ['free', false],
    ['level1', true],
    ['level2', true],
    ['level3', true],
    ['level4', true],
  ])('on the 3rd episode, Next for %s is enabled: %s', async (viewer, enabled) => {
    const { user, navigate, container } = renderReader({ chapterId: '403' }, { viewer })
    await firstPage('4', '403')
    const next = screen.getByRole('button', { name: 'Next' })
    if (!enabled) {
      // Stays disabled once everything it depends on has loaded.
      await waitFor(() => expect(footer(container)).toHaveAttribute('aria-busy', 'false'))
      expect(next).toBeDisabled()
      return
    }
    await waitFor(() => expect(next).toBeEnabled())
    await user.click(next)
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/comic/4/404'))
  })

  it('disables Next on the last episode', async () => {
    const { container } = renderReader({ chapterId: '408' }, { viewer: 'level4' })
    await firstPage('4', '408')
    await waitFor(() => expect(footer(container)).toHaveAttribute('aria-busy', 'false'))
    expect(screen.getByRole('button', { name: 'Prev' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('marks the footer busy while the episodes or the viewer level that Prev and Next depend on load', async () => {
    const { container } = renderReader({ chapterId: '402' }, { viewer: 'level1', mocks: { latencyMs: { listChapters: 300 } } })
    await firstPage('4', '402')
    expect(footer(container)).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await waitFor(() => expect(footer(container)).toHaveAttribute('aria-busy', 'false'))
    expect(screen.getByRole('button', { name: 'Prev' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })

  it('follows chapter numbers with gaps and keeps uncensored mode', async () => {
    const { user, navigate } = renderReader({ comicId: '1', chapterId: '102', uncensored: true }, { viewer: 'level3', siteMode: 'adult' })
    await firstPage('1', '102')
    const next = screen.getByRole('button', { name: 'Next' })
    await waitFor(() => expect(next).toBeEnabled())
    await user.click(next)
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/comic/1/103/uncensored'))
    // Episode 103 shows at once; its Prev is 102 again.
    await firstPage('1', '103')
    await user.click(screen.getByRole('button', { name: 'Prev' }))
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/comic/1/102/uncensored'))
    await firstPage('1', '102')
    await user.click(screen.getByRole('button', { name: 'Prev' }))
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/comic/1/101/uncensored'))
  })

  it('shows the episode Next opens at once, then navigates to it; once the address moves, the address decides (Back included)', async () => {
    const { user, navigate, rerenderReader, container } = renderReader({}, { viewer: 'level1' })
    await firstPage()
    const next = screen.getByRole('button', { name: 'Next' })
    await waitFor(() => expect(next).toBeEnabled())
    await user.click(next)
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1))
    expect(navigate).toHaveBeenLastCalledWith('/comic/4/402')
    // The address has not moved yet (the host's navigation is on its way): the reader is on 402 already.
    expect(await firstPage('4', '402')).toBeInTheDocument()
    expect(header(container)).toHaveTextContent(MOCK_CHAPTERS.find((chapter) => chapter.id === '402')!.title)
    expect(screen.queryByAltText(`Page 1 of ${pagesOf('4', '401')}`)).not.toBeInTheDocument()
    rerenderReader({ chapterId: '402' })
    expect(await firstPage('4', '402')).toBeInTheDocument()
    expect(navigate).toHaveBeenCalledTimes(1)
    // Back: the address goes to 401, and so does the reader.
    rerenderReader({ chapterId: '401' })
    expect(await firstPage('4', '401')).toBeInTheDocument()
    expect(screen.queryByAltText(`Page 1 of ${pagesOf('4', '402')}`)).not.toBeInTheDocument()
  })

  it('goes from Episode 2 to Episode 5 in a comic with numbering gaps', async () => {
    const { user, navigate } = renderReader({ comicId: '6', chapterId: '602' }, { viewer: 'level1' })
    await firstPage('6', '602')
    const next = screen.getByRole('button', { name: 'Next' })
    await waitFor(() => expect(next).toBeEnabled())
    await user.click(next)
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/comic/6/605'))
  })
})

describe('Reader: header and footer visibility', () => {
  it('toggles header and footer on a click on the strip', async () => {
    const { user, container } = renderReader()
    const page = await firstPage()
    expect(header(container)).toHaveAttribute('data-state', 'visible')
    await user.click(page)
    expect(header(container)).toHaveAttribute('data-state', 'hidden')
    expect(footer(container)).toHaveAttribute('data-state', 'hidden')
    await user.click(page)
    expect(header(container)).toHaveAttribute('data-state', 'visible')
    expect(footer(container)).toHaveAttribute('data-state', 'visible')
  })

  it('shows them only at the top and within 10 px of the bottom', async () => {
    const { container } = renderReader()
    await firstPage()
    const element = strip()
    layOut(element, { clientHeight: 800, scrollHeight: 5000 })
    scrollTo(element, 1000)
    expect(header(container)).toHaveAttribute('data-state', 'hidden')
    expect(footer(container)).toHaveAttribute('data-state', 'hidden')
    scrollTo(element, 4190) // 10 px from the bottom
    expect(footer(container)).toHaveAttribute('data-state', 'visible')
    expect(header(container)).toHaveAttribute('data-state', 'visible')
    scrollTo(element, 4189) // 11 px
    expect(footer(container)).toHaveAttribute('data-state', 'hidden')
    scrollTo(element, 0)
    expect(header(container)).toHaveAttribute('data-state', 'visible')
  })

  it('shows them again when focus moves into them', async () => {
    const { container } = renderReader()
    const page = await firstPage()
    fireEvent.click(page)
    expect(footer(container)).toHaveAttribute('data-state', 'hidden')
    act(() => screen.getByRole('button', { name: 'List Episodes' }).focus())
    expect(footer(container)).toHaveAttribute('data-state', 'visible')
  })
})

describe("Reader: the 'List Episodes' overlay", () => {
  it('opens a dialog of every episode with locks, closes on Escape and gives focus back', async () => {
    const { user } = renderReader()
    await firstPage()
    const opener = screen.getByRole('button', { name: 'List Episodes' })
    await user.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'List Episodes' })
    const rows = within(dialog).getAllByRole('listitem')
    expect(rows.map((row) => within(row).getByText(/^Episode/).textContent)).toEqual(
      Array.from({ length: 8 }, (_, index) => `Episode ${index + 1}`),
    )
    expect(rows.map((row) => Boolean(within(row).queryByRole('img', { name: 'Locked' })))).toEqual([
      false, false, false, true, true, true, true, true,
    ])
    expect(rows[0]).toHaveAttribute('aria-current', 'page')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('closes with its close control', async () => {
    const { user } = renderReader()
    await firstPage()
    await user.click(screen.getByRole('button', { name: 'List Episodes' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'List Episodes' })).toHaveFocus()
  })

  it('opens an unlocked episode and closes', async () => {
    const { user, navigate } = renderReader()
    await firstPage()
    await user.click(screen.getByRole('button', { name: 'List Episodes' }))
    const rows = within(screen.getByRole('dialog')).getAllByRole('listitem')
    await user.click(within(rows[2]!).getByRole('button', { name: 'Open' }))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/comic/4/403'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('ends the strip on the next episode and what opens it, after the last page and before what follows; List Episodes ends on it too', async () => {
    const { user } = renderWithKit(<Reader comicId="4" chapterId="403" afterPages={<p>Comments</p>} />)
    await firstPage('4', '403')
    const strip = screen.getByRole('region', { name: 'Episode 3' })
    const card = await within(strip).findByRole('region', { name: 'Next episode' })
    expect(within(card).getByText('Episode 4')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Sign in to unlock this episode' })).toBeInTheDocument()
    const pages = strip.querySelector('.comics-reader__pages')!
    const after = within(strip).getByText('Comments')
    expect(pages.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(card.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'List Episodes' }))
    const overlay = within(screen.getByRole('dialog', { name: 'List Episodes' }))
    const inList = overlay.getByRole('region', { name: 'Next episode' })
    expect(within(inList).getByRole('heading', { level: 3 })).toHaveTextContent('Next episode')
    expect(within(inList).getByText('Episode 4')).toBeInTheDocument()
  })

  it('shows no end card in a preview', async () => {
    renderReader({ chapterId: '401', preview: true }, { viewer: 'admin' })
    await firstPage()
    expect(screen.queryByRole('region', { name: 'Next episode' })).toBeNull()
  })

  it('opens the sign-in modal for a guest on a locked row', async () => {
    const { user, navigate } = renderReader()
    await firstPage()
    await user.click(screen.getByRole('button', { name: 'List Episodes' }))
    const rows = within(screen.getByRole('dialog')).getAllByRole('listitem')
    await user.click(within(rows[3]!).getByRole('button', { name: 'Open' }))
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('sends a signed-in reader without subscription to /premium from a locked row', async () => {
    const { user, navigate } = renderReader({}, { viewer: 'free' })
    await firstPage()
    await user.click(screen.getByRole('button', { name: 'List Episodes' }))
    const rows = within(screen.getByRole('dialog')).getAllByRole('listitem')
    const open = within(rows[5]!).getByRole('button', { name: 'Open' })
    await waitFor(() => expect(open).toBeEnabled())
    await user.click(open)
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/premium'))
  })

  it("offers a reader without subscription 'Unlock for 10 coins' on the locked rows only, which opens that episode and closes", async () => {
    const { user, navigate } = renderReader({}, { viewer: 'free' })
    await firstPage()
    await user.click(screen.getByRole('button', { name: 'List Episodes' }))
    const rows = within(screen.getByRole('dialog')).getAllByRole('listitem')
    await waitFor(() => expect(within(rows[5]!).getByRole('button', { name: 'Open' })).toBeEnabled())
    expect(rows.map((row) => Boolean(within(row).queryByRole('link', { name: 'Unlock for 10 coins' })))).toEqual([
      false, false, false, true, true, true, true, true,
    ])
    const unlock = within(rows[5]!).getByRole('link', { name: 'Unlock for 10 coins' })
    expect(unlock).toHaveAttribute('href', '/comic/4/406')
    await user.click(unlock)
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/comic/4/406'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('never offers the coin unlock to a guest', async () => {
    const { user } = renderReader()
    await firstPage()
    await user.click(screen.getByRole('button', { name: 'List Episodes' }))
    expect(within(screen.getByRole('dialog')).queryByRole('link', { name: /Unlock for/ })).toBeNull()
  })

  it('shows no lock to a subscriber', async () => {
    const { user } = renderReader({}, { viewer: 'level1' })
    await firstPage()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'List Episodes' }))
    expect(within(screen.getByRole('dialog')).queryByRole('img', { name: 'Locked' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('dialog')).queryByRole('link', { name: /Unlock for/ })).toBeNull()
  })
})

describe('Reader: moving between episodes', () => {
  it('scrolls to the top and shows the header and footer on another episode', async () => {
    const { container, rerenderReader } = renderReader({}, { viewer: 'level1' })
    await firstPage()
    const element = strip()
    layOut(element, { clientHeight: 800, scrollHeight: 9000 })
    scrollTo(element, 3000)
    expect(header(container)).toHaveAttribute('data-state', 'hidden')
    rerenderReader({ chapterId: '402' })
    expect(element.scrollTop).toBe(0)
    expect(header(container)).toHaveAttribute('data-state', 'visible')
    expect(await firstPage('4', '402')).toBeInTheDocument()
    expect(element.scrollTop).toBe(0)
  })
})

describe('Reader: reading progress', () => {
  it('records the comic and chapter when the episode loads and sends episode_view', async () => {
    const { stores, events } = renderReader({ chapterId: '402' })
    await firstPage('4', '402')
    await waitFor(() =>
      expect(stores.progress.getProgress('4')).toMatchObject({ chapterId: '402', chapterTitle: 'Episode 2', page: 0, offset: 0 }),
    )
    expect(stores.progress.getSnapshot().lastReadComics[0]).toBe('4')
    expect(events).toContainEqual({ name: 'episode_view', params: { comicId: '4', chapterId: '402', chapterNumber: 2 } })
  })

  it('writes the record waiting for the idle browser at once when the reader leaves the page', async () => {
    // A browser never idle: the record waits until the page is hidden.
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task))
    vi.stubGlobal('cancelIdleCallback', () => {})
    try {
      const { stores } = renderReader({ chapterId: '402' })
      await firstPage('4', '402')
      await waitFor(() => expect(idle.length).toBeGreaterThan(0))
      expect(stores.progress.getProgress('4')).toBeUndefined()
      window.dispatchEvent(new Event('pagehide'))
      expect(stores.progress.getProgress('4')).toMatchObject({ chapterId: '402', chapterTitle: 'Episode 2', page: 0, offset: 0 })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('restores the saved page and offset, and records the position while reading', async () => {
    // jsdom lays nothing out: each page sits 1000 px below the previous one.
    const offsetTop = vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      const index = this.dataset.pageIndex
      return index === undefined ? 0 : Number(index) * 1000
    })
    const { stores } = renderReader(
      { chapterId: '402' },
      {
        storage: {
          comicsReadingHistory: JSON.stringify([{ comicId: '4', chapterId: '402', chapterTitle: 'Episode 2', page: 2, offset: 150, updatedAt: 1 }]),
        },
      },
    )
    await firstPage('4', '402')
    const element = strip()
    expect(element.scrollTop).toBe(2150)
    layOut(element, { clientHeight: 800, scrollHeight: 8000 })
    scrollTo(element, 5320)
    await waitFor(() => expect(stores.progress.getProgress('4')).toMatchObject({ chapterId: '402', page: 5, offset: 320 }))
    offsetTop.mockRestore()
  })

  it('records the position in the pages\' own pixels while the strip is zoomed', async () => {
    const offsetTop = vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      const index = this.dataset.pageIndex
      return index === undefined ? 0 : Number(index) * 1000
    })
    const { stores, user } = renderReader({ chapterId: '402' })
    await firstPage('4', '402')
    const element = strip()
    layOut(element, { clientHeight: 800, scrollHeight: 16000 })
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(stripZoom(element)).toBe(1.5)
    // 5480 at 150 % is 3653 px of the pages: page 3, 653 px down it.
    scrollTo(element, 5480)
    await waitFor(() => expect(stores.progress.getProgress('4')).toMatchObject({ chapterId: '402', page: 3, offset: 653 }))
    offsetTop.mockRestore()
  })

  it('records and restores under StrictMode, with the episode already in the cache', async () => {
    const offsetTop = vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      const index = this.dataset.pageIndex
      return index === undefined ? 0 : Number(index) * 1000
    })
    const kit = createKit({
      storage: {
        comicsReadingHistory: JSON.stringify([{ comicId: '4', chapterId: '402', chapterTitle: 'Episode 2', page: 1, offset: 40, updatedAt: 1 }]),
        // Another comic was read since: opening this one makes it the most recent again.
        lastReadComics: '["9","4"]',
      },
    })
    kit.queryClient.setQueryData(queryKeys.chapters('4'), MOCK_CHAPTERS.filter((chapter) => chapter.comicsId === '4'))
    kit.queryClient.setQueryData(
      queryKeys.episodeAssets({ comicId: '4', chapterId: '402', variant: 'legal' }, null),
      MOCK_ASSETS.filter((asset) => asset.chapterId === '402' && asset.variant === 'legal'),
    )
    render(
      <StrictMode>
        <Reader comicId="4" chapterId="402" />
      </StrictMode>,
      { wrapper: kit.wrapper },
    )
    expect(strip().scrollTop).toBe(1040)
    await waitFor(() => expect(kit.events.some((event) => event.name === 'episode_view')).toBe(true))
    await waitFor(() => expect(kit.stores.progress.getSnapshot().lastReadComics).toEqual(['4', '9']))
    expect(kit.stores.progress.getProgress('4')).toMatchObject({ chapterId: '402', page: 1, offset: 40 })
    offsetTop.mockRestore()
  })

  it('starts another episode of the same comic at the top', async () => {
    renderReader(
      { chapterId: '403' },
      {
        storage: {
          comicsReadingHistory: JSON.stringify([{ comicId: '4', chapterId: '402', chapterTitle: 'Episode 2', page: 2, offset: 150, updatedAt: 1 }]),
        },
      },
    )
    await firstPage('4', '403')
    expect(strip().scrollTop).toBe(0)
  })
})

describe('Reader: asset fetch errors', () => {
  it('opens the sign-in modal for a guest on a locked episode, and refetches when it closes', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const requests = assetRequests()
    const { user, navigate } = renderReader({ chapterId: '404' })
    await waitFor(() => expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in'))
    expect(error).toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    await waitFor(() => expect(requests.bodies).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'close auth modal' }))
    await waitFor(() => expect(requests.bodies).toHaveLength(2))
    // Still a guest: the lock shows with a way to sign in, and the modal does not come back by itself.
    const signIn = await screen.findByRole('button', { name: 'Sign In' })
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('closed')
    expect(within(strip()).getByRole('img', { name: 'Locked' })).toBeInTheDocument()
    await user.click(signIn)
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in')
    requests.stop()
  })

  it('shows the pages once the guest has signed in and closed the modal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, stores } = renderReader({ chapterId: '404' })
    await waitFor(() => expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in'))
    act(() => stores.session.set(MOCK_VIEWERS.level1.user!, MOCK_VIEWERS.level1.token!))
    await user.click(screen.getByRole('button', { name: 'close auth modal' }))
    expect(await firstPage('4', '404')).toBeInTheDocument()
  })

  it('offers a reader without a subscription the coin unlock or a subscription on a locked episode, and opens it once unlocked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const state = createMockState()
    creditMockCoins(state, 'user-reader', 10)
    const { user, navigate } = renderReader({ chapterId: '404' }, { viewer: 'free', mocks: { state } })
    const unlock = await screen.findByRole('button', { name: 'Unlock for 10 coins' })
    expect(screen.getByRole('link', { name: 'Subscribe to read every episode' })).toHaveAttribute('href', '/premium')
    expect(navigate).not.toHaveBeenCalledWith('/premium')
    // The balance shows beside the offer, and spending is asked first.
    expect(await screen.findByText('You have 10 coins')).toBeInTheDocument()
    await user.click(unlock)
    const confirm = await screen.findByRole('dialog', { name: 'Unlock this episode for 10 coins?' })
    await user.click(within(confirm).getByRole('button', { name: 'Spend 10 coins' }))
    expect(await firstPage('4', '404')).toBeInTheDocument()
  })

  it("waits for a signed-in reader's level before it decides: the refusal first, the level after, never /premium for a reader the coins may open it to", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const state = createMockState()
    creditMockCoins(state, 'user-reader', 10)
    // The level answers well after the pages' refusal, as on a busy connection.
    const { navigate } = renderReader({ chapterId: '404' }, { viewer: 'free', mocks: { state, latencyMs: { listSubscriptions: 300 } } })
    expect(await screen.findByRole('button', { name: 'Unlock for 10 coins' })).toBeInTheDocument()
    expect(navigate).not.toHaveBeenCalledWith('/premium')
  })

  it.each<KitViewer>(['level1', 'level2'])('sends %s to /premium when the pages are refused', async (viewer) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { navigate } = renderReader(
      // The uncensored variant needs a level above 2.
      { comicId: '1', chapterId: '101', uncensored: true },
      { viewer, siteMode: 'adult' },
    )
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/premium'))
    expect(error).toHaveBeenCalled()
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('closed')
  })

  it('keeps a subscriber in the reader on a server error and offers to try again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, navigate } = renderReader({}, { viewer: 'level4', mocks: { errors: { listAssets: 500 } } })
    const again = await screen.findByRole('button', { name: 'Try again' })
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument()
    expect(error).toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    server.resetHandlers()
    await user.click(again)
    expect(await firstPage()).toBeInTheDocument()
  })
})

describe('Reader: the comic or its episodes fail to load', () => {
  it('shows the error while the episode list is missing, and Try again brings back the titles, Next and the recorded progress', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, stores } = renderReader({}, { mocks: { errors: { listChapters: 500 } } })
    const again = await screen.findByRole('button', { name: 'Try again' })
    // The pages came, but without the episode there is no title, no Next and nothing to record.
    expect(await firstPage()).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(stores.progress.getProgress('4')).toBeUndefined()
    server.resetHandlers()
    await user.click(again)
    expect(await screen.findByText('Episode 1', { selector: 'p' })).toBeInTheDocument()
    await waitFor(() => expect(stores.progress.getProgress('4')).toMatchObject({ chapterId: '401', chapterTitle: 'Episode 1' }))
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('fetches the comic, its episodes and the pages again with one Try again after they all failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const requests = assetRequests()
    const { user, stores } = renderReader(
      {},
      { mocks: { errors: { listComics: 'network', listChapters: 'network', listAssets: 'network' } } },
    )
    const again = await screen.findByRole('button', { name: 'Try again' })
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
    server.resetHandlers()
    await user.click(again)
    expect(await screen.findByRole('heading', { name: 'Silent Blade' })).toBeInTheDocument()
    expect(await screen.findByText('Episode 1', { selector: 'p' })).toBeInTheDocument()
    expect(await firstPage()).toBeInTheDocument()
    await waitFor(() => expect(stores.progress.getProgress('4')?.chapterId).toBe('401'))
    expect(requests.bodies).toHaveLength(2)
    requests.stop()
  })
})

/**
 * An IntersectionObserver the test drives: `comeIntoView(element)` tells every observer still watching
 * it that it intersects the viewport.
 */
function drivenIntersectionObserver() {
  const watching: { target: Element; callback: IntersectionObserverCallback; observer: IntersectionObserver; active: boolean }[] = []
  class DrivenObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      watching.push({ target, callback: this.callback, observer: this as unknown as IntersectionObserver, active: true })
    }
    unobserve(target: Element) {
      for (const entry of watching) if (entry.observer === (this as unknown) && entry.target === target) entry.active = false
    }
    disconnect() {
      for (const entry of watching) if (entry.observer === (this as unknown)) entry.active = false
    }
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', DrivenObserver)
  return {
    comeIntoView(element: Element) {
      for (const entry of watching.filter((candidate) => candidate.active && candidate.target === element)) {
        entry.callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], entry.observer)
      }
    },
  }
}

describe('Reader: a page that fails', () => {
  it('counts a page that has not arrived 15 s after it came into view as failed, and tries it again', async () => {
    const viewport = drivenIntersectionObserver()
    try {
      renderReader()
      const total = pagesOf('4', '401')
      fireEvent.load(await firstPage())
      vi.useFakeTimers()
      const image = () => screen.getByAltText(`Page 3 of ${total}`)
      const page = () => image().closest('li')!
      const firstUrl = image().getAttribute('src')!
      // Far below, a lazy page is not requested yet: it may wait as long as it likes.
      act(() => vi.advanceTimersByTime(60_000))
      expect(page()).toHaveAttribute('data-state', 'loading')

      act(() => viewport.comeIntoView(page()))
      act(() => vi.advanceTimersByTime(PAGE_STALL_MS - 1))
      expect(page()).toHaveAttribute('data-state', 'loading')
      act(() => vi.advanceTimersByTime(1))
      expect(page()).toHaveAttribute('data-state', 'retrying')
      act(() => vi.advanceTimersByTime(1000))
      expect(page()).toHaveAttribute('data-state', 'loading')
      // A new element: the stalled request is left behind (a data: url takes no retry parameter).
      expect(image().getAttribute('src')).toBe(firstUrl)
      fireEvent.load(image())
      expect(page()).toHaveAttribute('data-state', 'loaded')
      act(() => vi.advanceTimersByTime(60_000))
      expect(page()).toHaveAttribute('data-state', 'loaded')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('retries by itself with backoff, then offers a retry button, without reloading the episode', async () => {
    const state = createMockState()
    const total = pagesOf('4', '401')
    state.assets = state.assets.map((asset) =>
      asset.id === '401-legal-3' ? { ...asset, url: 'https://cdn.comics.test/401/3.png' } : asset,
    )
    const requests = assetRequests()
    renderReader({}, { mocks: { state } })
    fireEvent.load(await firstPage())
    vi.useFakeTimers()
    const image = () => screen.getByAltText(`Page 3 of ${total}`)
    const page = () => image().closest('li')!
    expect(image()).toHaveAttribute('src', 'https://cdn.comics.test/401/3.png')

    for (const [attempt, delay] of [[1, 1000], [2, 2000], [3, 4000]] as const) {
      const failed = image()
      fireEvent.error(failed)
      expect(page()).toHaveAttribute('data-state', 'retrying')
      act(() => vi.advanceTimersByTime(delay - 1))
      expect(image()).toBe(failed)
      act(() => vi.advanceTimersByTime(1))
      expect(page()).toHaveAttribute('data-state', 'loading')
      expect(image()).not.toBe(failed)
      expect(image()).toHaveAttribute('src', `https://cdn.comics.test/401/3.png?comics-retry=${attempt}`)
    }
    fireEvent.error(image())
    expect(page()).toHaveAttribute('data-state', 'failed')
    expect(screen.getByText('This page could not load.')).toBeInTheDocument()
    const retry = screen.getByRole('button', { name: 'Retry page 3' })
    expect(retry).toHaveTextContent('Retry')
    fireEvent.click(retry)
    expect(image()).toHaveAttribute('src', 'https://cdn.comics.test/401/3.png?comics-retry=4')
    fireEvent.load(image())
    expect(page()).toHaveAttribute('data-state', 'loaded')
    expect(screen.queryByRole('button', { name: 'Retry page 3' })).not.toBeInTheDocument()
    // The other pages and the page list were left alone.
    expect(requests.bodies).toHaveLength(1)
    expect(screen.getAllByAltText(new RegExp(`of ${total}$`))).toHaveLength(total)
    requests.stop()
  })

  it('does not toggle the header and footer when the retry button is pressed', async () => {
    const { container } = renderReader()
    const total = pagesOf('4', '401')
    fireEvent.load(await firstPage())
    vi.useFakeTimers()
    for (const delay of [1000, 2000, 4000]) {
      fireEvent.error(screen.getByAltText(`Page 2 of ${total}`))
      act(() => vi.advanceTimersByTime(delay))
    }
    fireEvent.error(screen.getByAltText(`Page 2 of ${total}`))
    fireEvent.click(screen.getByRole('button', { name: 'Retry page 2' }))
    expect(header(container)).toHaveAttribute('data-state', 'visible')
    // A data: url cannot take a query parameter: the image element is replaced instead.
    expect(screen.getByAltText(`Page 2 of ${total}`).getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
  })
})

describe('Reader: next episode prefetch', () => {
  it("fetches the next episode's pages past 70 % of this one, so Next opens at once", async () => {
    const requests = assetRequests()
    const { queryClient, rerenderReader } = renderReader({}, { viewer: 'level1' })
    fireEvent.load(await firstPage())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled())
    const nextKey = queryKeys.episodeAssets({ comicId: '4', chapterId: '402', variant: 'legal' }, MOCK_VIEWERS.level1.userId)
    const element = strip()
    layOut(element, { clientHeight: 800, scrollHeight: 5000 })
    scrollTo(element, 2600) // bottom of the viewport at 68 %
    // The scroll handler starts a prefetch synchronously (the 72 % step below shows it fetching at once),
    // so no query of the next episode right after the scroll means none was started.
    expect(queryClient.getQueryState(nextKey)).toBeUndefined()
    expect(queryClient.isFetching()).toBe(0)
    scrollTo(element, 2800) // 72 %
    expect(queryClient.getQueryState(nextKey)?.fetchStatus).toBe('fetching')
    await waitFor(() => expect(queryClient.getQueryData(nextKey)).toHaveLength(pagesOf('4', '402')))
    scrollTo(element, 4000)
    expect(requests.bodies).toHaveLength(2)
    rerenderReader({ chapterId: '402' })
    // Straight from the cache: no loading state.
    expect(screen.getByAltText(`Page 1 of ${pagesOf('4', '402')}`)).toBeInTheDocument()
    requests.stop()
  })

  it("waits for this episode's first page before fetching the next one, even on a strip too short to scroll", async () => {
    const requests = assetRequests()
    const { queryClient } = renderReader({}, { viewer: 'level1' })
    const page = await firstPage()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled())
    const nextKey = queryKeys.episodeAssets({ comicId: '4', chapterId: '402', variant: 'legal' }, MOCK_VIEWERS.level1.userId)
    const element = strip()
    layOut(element, { clientHeight: 800, scrollHeight: 700 })
    scrollTo(element, 0)
    // A started prefetch would be in the cache, fetching, as soon as the handler ran.
    expect(queryClient.getQueryState(nextKey)).toBeUndefined()
    expect(queryClient.isFetching()).toBe(0)
    expect(requests.bodies).toHaveLength(1)
    // The first page arrives: the whole episode is on screen, so the next one is fetched at once.
    fireEvent.load(page)
    expect(queryClient.getQueryState(nextKey)?.fetchStatus).toBe('fetching')
    await waitFor(() => expect(queryClient.getQueryData(nextKey)).toHaveLength(pagesOf('4', '402')))
    requests.stop()
  })

  it('counts a first page that failed for good as arrived', async () => {
    const { queryClient } = renderReader({}, { viewer: 'level1' })
    await firstPage()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled())
    const nextKey = queryKeys.episodeAssets({ comicId: '4', chapterId: '402', variant: 'legal' }, MOCK_VIEWERS.level1.userId)
    layOut(strip(), { clientHeight: 800, scrollHeight: 700 })
    vi.useFakeTimers()
    const page = () => screen.getByAltText(`Page 1 of ${pagesOf('4', '401')}`)
    for (const delay of [1000, 2000, 4000]) {
      fireEvent.error(page())
      act(() => vi.advanceTimersByTime(delay))
    }
    expect(queryClient.getQueryData(nextKey)).toBeUndefined()
    fireEvent.error(page())
    vi.useRealTimers()
    await waitFor(() => expect(queryClient.getQueryData(nextKey)).toHaveLength(pagesOf('4', '402')))
  })

  it.each([
    ['the default sizes', undefined],
    ["a theme's sizes", '(max-width: 1200px) 100vw, 1200px'],
  ])("prefetches the width of the next first page that the page's own image will pick, with %s", async (_, pageSizes) => {
    const sizes = pageSizes ?? READER_PAGE_SIZES
    const nextFirst = { id: 'n1', url: 'https://cdn.comics.test/402/1.webp', width: 800, height: 1200, widths: [480, 750], comicsId: '4', chapterId: '402', variant: 'legal', position: 1 }
    const thisFirst = { ...nextFirst, id: 't1', url: 'https://cdn.comics.test/401/1.webp', chapterId: '401' }
    const created: HTMLImageElement[] = []
    const RealImage = window.Image
    const spy = vi.spyOn(window, 'Image').mockImplementation(function (this: unknown, ...args: [number?, number?]) {
      const image = new RealImage(...args)
      created.push(image)
      return image
    } as unknown as () => HTMLImageElement)
    try {
      renderReader(pageSizes ? { pageSizes } : {}, { viewer: 'level1' })
      // After the kit's own handlers, so that this one comes first.
      server.use(
        http.post('*/comics-assets/list', async ({ request }) => {
          const body = (await request.clone().json()) as { filters: { chapterId: unknown[] } }
          // Other episodes fall through to the mocks.
          if (String(body.filters.chapterId[0]) === '402') return HttpResponse.json({ data: [nextFirst], total: 1 })
          if (String(body.filters.chapterId[0]) === '401') return HttpResponse.json({ data: [thisFirst], total: 1 })
        }),
      )
      const first = await screen.findByAltText('Page 1 of 1')
      expect(first).toHaveAttribute('srcset', pageImageSources(thisFirst).srcSet)
      expect(first).toHaveAttribute('sizes', sizes)
      fireEvent.load(first)
      await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled())
      layOut(strip(), { clientHeight: 800, scrollHeight: 700 })
      scrollTo(strip(), 0)
      await waitFor(() => expect(created).toHaveLength(1))
      const [image] = created
      expect(image!.srcset).toBe(pageImageSources(nextFirst).srcSet)
      expect(image!.sizes).toBe(sizes)
      expect(image!.src).toBe(nextFirst.url)
    } finally {
      spy.mockRestore()
    }
  })

  it('does not prefetch an episode the viewer may not open', async () => {
    const requests = assetRequests()
    const { queryClient } = renderReader({ chapterId: '403' })
    fireEvent.load(await firstPage('4', '403'))
    const element = strip()
    layOut(element, { clientHeight: 800, scrollHeight: 5000 })
    scrollTo(element, 4200)
    // A prefetch starts synchronously in the scroll handler (see the 70 % test): none is there, none is fetching.
    expect(queryClient.getQueryState(queryKeys.episodeAssets({ comicId: '4', chapterId: '404', variant: 'legal' }, null))).toBeUndefined()
    expect(queryClient.isFetching()).toBe(0)
    expect(requests.bodies).toHaveLength(1)
    requests.stop()
  })
})

describe('Reader: keyboard', () => {
  it("opens the next episode with ']' and Shift+ArrowRight, the previous with '[' and Shift+ArrowLeft", async () => {
    const { user, navigate, rerenderReader } = renderReader({}, { viewer: 'level1' })
    await firstPage()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled())
    await user.keyboard('[[')
    expect(navigate).not.toHaveBeenCalled() // Prev is disabled on the first episode
    await user.keyboard(']')
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/comic/4/402'))
    rerenderReader({ chapterId: '402' })
    await firstPage('4', '402')
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}')
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/comic/4/403'))
    // The reader is on 403 at once (the address follows): its previous is 402.
    await firstPage('4', '403')
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}')
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/comic/4/402'))
    await firstPage('4', '402')
    await user.keyboard('[[')
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/comic/4/401'))
    await firstPage('4', '401')
    await user.keyboard('[[')
    expect(navigate).toHaveBeenCalledTimes(4)
  })

  it('keeps the Next rule: no shortcut past the free episodes without a subscription', async () => {
    const { user, navigate } = renderReader({ chapterId: '403' }, { viewer: 'free' })
    await firstPage('4', '403')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Prev' })).toBeEnabled())
    await user.keyboard(']')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('leaves the shortcuts alone while the overlay is open', async () => {
    const { user, navigate } = renderReader({}, { viewer: 'level1' })
    await firstPage()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'List Episodes' }))
    await user.keyboard(']')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('scrolls the strip with the scroll keys when focus has fallen to the page', async () => {
    renderReader()
    await firstPage()
    const element = strip()
    layOut(element, { clientHeight: 800, scrollHeight: 5000 })
    act(() => element.blur())
    fireEvent.keyDown(document.body, { key: 'PageDown' })
    expect(element.scrollTop).toBe(720)
    fireEvent.keyDown(document.body, { key: 'ArrowUp' })
    expect(element.scrollTop).toBe(680)
    fireEvent.keyDown(document.body, { key: ' ', shiftKey: true })
    expect(element.scrollTop).toBe(0)
    expect(element).toHaveFocus()
  })
})

describe('Reader: zoom', () => {
  const content = (container: HTMLElement) => container.querySelector<HTMLElement>('.comics-reader__content')!
  const level = () => screen.getByRole('button', { name: /^Reset zoom/ })
  /** A strip 400 × 800 with content 5000 high, scrolled to `top`. */
  function layOutWide(element: HTMLElement, top: number) {
    layOut(element, { clientHeight: 800, scrollHeight: 5000 })
    Object.defineProperty(element, 'clientWidth', { configurable: true, value: 400 })
    element.scrollTop = top
  }

  it('steps through its levels and keeps within 1 and 3', () => {
    expect(zoomStep(1, 1)).toBe(1.25)
    expect(zoomStep(1.3, 1)).toBe(1.5)
    expect(zoomStep(1.3, -1)).toBe(1.25)
    expect(zoomStep(3, 1)).toBe(3)
    expect(zoomStep(1, -1)).toBe(1)
    // The content's point (100, 200) shown at (50, 60) at zoom 2.
    expect(scrollFor({ x: 100, y: 200 }, { x: 50, y: 60 }, 2)).toEqual({ left: 150, top: 340 })
  })

  it('zooms with the control around the middle of the strip, which stays where it was', async () => {
    const { user, container } = renderReader()
    await firstPage()
    const element = strip()
    layOutWide(element, 1000)
    expect(level()).toHaveTextContent('100%')
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-disabled', 'true')
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(level()).toHaveTextContent('125%')
    expect(level()).toHaveAccessibleName('Reset zoom, now 125%')
    expect(content(container).style.transform).toBe('scale(1.25)')
    expect(element).toHaveAttribute('data-zoomed')
    // The content's point at the middle (200, 1400) is at the middle still: 1400 × 1.25 − 400.
    expect(element.scrollTop).toBe(1350)
    expect(element.scrollLeft).toBe(50)
    expect(stripZoom(element)).toBe(1.25)
    // The zoom's own scroll leaves the header (and the control in it) where they are; the reader's does not.
    fireEvent.scroll(element)
    expect(header(container)).toHaveAttribute('data-state', 'visible')
    scrollTo(element, 1500)
    expect(header(container)).toHaveAttribute('data-state', 'hidden')
    act(() => level().focus())
    await user.click(level())
    expect(level()).toHaveTextContent('100%')
    expect(content(container).style.transform).toBe('')
    expect(element).not.toHaveAttribute('data-zoomed')
    // 1500 + 400 at 1.25 is 1520 unzoomed, at the middle still.
    expect(element.scrollTop).toBe(1120)
  })

  it('stops at 3 times; the bound says it cannot act and keeps its focus', async () => {
    const { user } = renderReader()
    await firstPage()
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' })
    for (let press = 0; press < 7; press += 1) await user.click(zoomIn)
    expect(level()).toHaveTextContent('300%')
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true')
    expect(zoomIn).toHaveFocus()
  })

  it('zooms with Ctrl/Cmd + and −, resets with Ctrl/Cmd + 0, and keeps the browser from zooming the page', async () => {
    renderReader()
    await firstPage()
    const element = strip()
    const press = (init: KeyboardEventInit) => fireEvent.keyDown(element, init)
    expect(press({ key: '=', ctrlKey: true })).toBe(false) // default prevented
    expect(level()).toHaveTextContent('125%')
    press({ key: '+', metaKey: true, shiftKey: true })
    expect(level()).toHaveTextContent('150%')
    press({ key: '-', ctrlKey: true })
    expect(level()).toHaveTextContent('125%')
    press({ key: '0', ctrlKey: true })
    expect(level()).toHaveTextContent('100%')
    // Without Ctrl or Cmd they do not zoom ('+' and '-' alone are auto-scroll's speed); with Alt they are not
    // the reader's.
    press({ key: '+' })
    press({ key: '-' })
    expect(press({ key: '=', ctrlKey: true, altKey: true })).toBe(true)
    expect(level()).toHaveTextContent('100%')
    // Typing keeps its keys.
    const field = document.body.appendChild(document.createElement('input'))
    expect(fireEvent.keyDown(field, { key: '=', ctrlKey: true })).toBe(true)
    expect(level()).toHaveTextContent('100%')
    field.remove()
  })

  it('zooms with Ctrl + wheel (a trackpad pinch) around the pointer', async () => {
    renderReader()
    await firstPage()
    const element = strip()
    layOutWide(element, 0)
    expect(fireEvent.wheel(element, { deltaY: -40, ctrlKey: true, clientX: 100, clientY: 200 })).toBe(false)
    const zoom = stripZoom(element)
    expect(zoom).toBeCloseTo(Math.exp(40 / 150), 5)
    expect(element.scrollLeft).toBeCloseTo(100 * zoom - 100, 5)
    expect(element.scrollTop).toBeCloseTo(200 * zoom - 200, 5)
    // A wheel without Ctrl scrolls.
    expect(fireEvent.wheel(element, { deltaY: 40 })).toBe(true)
    expect(stripZoom(element)).toBe(zoom)
  })

  it('pinches with two fingers: the point under their middle stays under it', async () => {
    renderReader()
    await firstPage()
    const element = strip()
    layOutWide(element, 500)
    fireEvent.touchStart(element, { touches: [{ clientX: 150, clientY: 300 }, { clientX: 250, clientY: 300 }] })
    // The content's point under the middle: (200, 800). The fingers move apart and down by 50 px.
    expect(fireEvent.touchMove(element, { touches: [{ clientX: 100, clientY: 350 }, { clientX: 300, clientY: 350 }] })).toBe(false)
    expect(stripZoom(element)).toBe(2)
    expect(element.scrollLeft).toBe(200 * 2 - 200)
    expect(element.scrollTop).toBe(800 * 2 - 350)
    // Far apart: held at 3.
    fireEvent.touchMove(element, { touches: [{ clientX: 0, clientY: 350 }, { clientX: 400, clientY: 350 }] })
    expect(stripZoom(element)).toBe(3)
    fireEvent.touchEnd(element, { touches: [{ clientX: 0, clientY: 350 }] })
    // One finger scrolls: the browser's.
    expect(fireEvent.touchMove(element, { touches: [{ clientX: 10, clientY: 300 }] })).toBe(true)
    expect(stripZoom(element)).toBe(3)
  })

  it('a tap toggles the header and footer once no second tap follows; a double tap zooms and does not toggle them', async () => {
    const { container } = renderReader()
    const page = await firstPage()
    const tap = (at: { clientX: number; clientY: number }) => {
      fireEvent.pointerDown(page, { pointerType: 'touch', ...at })
      fireEvent.click(page, at)
    }
    tap({ clientX: 100, clientY: 100 })
    expect(header(container)).toHaveAttribute('data-state', 'visible')
    await waitFor(() => expect(header(container)).toHaveAttribute('data-state', 'hidden'), { timeout: DOUBLE_TAP_MS * 3 })
    tap({ clientX: 100, clientY: 100 })
    tap({ clientX: 105, clientY: 102 })
    expect(stripZoom(strip())).toBe(2)
    expect(level()).toHaveTextContent('200%')
    // Past the double tap's time: the chrome did not move.
    await new Promise((resolve) => setTimeout(resolve, DOUBLE_TAP_MS * 2))
    expect(header(container)).toHaveAttribute('data-state', 'hidden')
    // A double tap on the zoomed strip goes back to 1.
    tap({ clientX: 100, clientY: 100 })
    tap({ clientX: 100, clientY: 100 })
    expect(stripZoom(strip())).toBe(1)
  })

  it('another episode opens at 100%', async () => {
    const { user, container, rerenderReader } = renderReader({}, { viewer: 'level1' })
    await firstPage()
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(stripZoom(strip())).toBe(1.25)
    rerenderReader({ chapterId: '402' })
    expect(stripZoom(strip())).toBe(1)
    expect(content(container).style.transform).toBe('')
    expect(level()).toHaveTextContent('100%')
  })
})

describe('Reader: an admin preview', () => {
  const scheduledState = () => {
    const state = createMockState()
    const later = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString()
    for (const chapter of state.chapters) if (chapter.id === '401') chapter.publishAt = later
    return state
  }

  it('opens an episode not yet published, with its pages, under a preview banner', async () => {
    renderReader({ preview: true }, { viewer: 'admin', mocks: { state: scheduledState() } })
    expect(await firstPage()).toBeTruthy()
    expect(screen.getByText('Preview: this is the episode as readers will see it')).toBeTruthy()
    expect(await screen.findByText(MOCK_CHAPTERS.find((c) => c.id === '401')!.title)).toBeTruthy()
  })

  it('shows no banner and no title of that episode to a reader', async () => {
    renderReader({}, { viewer: 'level4', mocks: { state: scheduledState() } })
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull())
    expect(screen.queryByText('Preview: this is the episode as readers will see it')).toBeNull()
    expect(screen.queryByAltText(/^Page 1 of/)).toBeNull()
  })
})

describe('Reader: a page at a signed address', () => {
  const signed = (signature: string) => `https://cdn.comics.test/401/3.png?expires=1&signature=${signature}`
  const withSignedPage = (signature: string) => (asset: (typeof MOCK_ASSETS)[number]) =>
    asset.id === '401-legal-3' ? { ...asset, url: signed(signature), expiresAt: '2026-03-01T13:00:00.000Z' } : asset

  it('asks for the page list again once when its image fails, and loads the new address', async () => {
    const state = createMockState()
    const total = pagesOf('4', '401')
    state.assets = state.assets.map(withSignedPage('first'))
    const requests = assetRequests()
    renderReader({}, { mocks: { state } })
    fireEvent.load(await firstPage())
    const image = () => screen.getByAltText(`Page 3 of ${total}`)
    const page = () => image().closest('li')!
    expect(image()).toHaveAttribute('src', signed('first'))

    // The address expired while the tab stayed open: the server now signs another.
    state.assets = state.assets.map(withSignedPage('second'))
    fireEvent.error(image())
    expect(page()).toHaveAttribute('data-state', 'retrying')
    await waitFor(() => expect(image()).toHaveAttribute('src', signed('second')))
    expect(page()).toHaveAttribute('data-state', 'loading')
    expect(requests.bodies).toHaveLength(2)
    fireEvent.load(image())
    expect(page()).toHaveAttribute('data-state', 'loaded')
    requests.stop()
  })

  it('goes on to the normal retries when the list gives the same address, and asks for the list only once', async () => {
    const state = createMockState()
    const total = pagesOf('4', '401')
    state.assets = state.assets.map(withSignedPage('same'))
    const requests = assetRequests()
    renderReader({}, { mocks: { state } })
    fireEvent.load(await firstPage())
    const image = () => screen.getByAltText(`Page 3 of ${total}`)
    const page = () => image().closest('li')!

    fireEvent.error(image())
    await waitFor(() => expect(requests.bodies).toHaveLength(2))
    // The list came back with the same address: a retry of it, with its marker, after the first delay.
    await waitFor(() => expect(image()).toHaveAttribute('src', `${signed('same')}&comics-retry=1`), { timeout: 3000 })
    expect(page()).toHaveAttribute('data-state', 'loading')
    vi.useFakeTimers()
    for (const [attempt, delay] of [[2, 2000], [3, 4000]] as const) {
      fireEvent.error(image())
      expect(page()).toHaveAttribute('data-state', 'retrying')
      act(() => vi.advanceTimersByTime(delay))
      expect(image()).toHaveAttribute('src', `${signed('same')}&comics-retry=${attempt}`)
    }
    fireEvent.error(image())
    expect(page()).toHaveAttribute('data-state', 'failed')
    expect(screen.getByRole('button', { name: 'Retry page 3' })).toBeInTheDocument()
    expect(requests.bodies).toHaveLength(2)
    requests.stop()
  })

  it('never asks for the list again for a page at a public address', async () => {
    const requests = assetRequests()
    renderReader()
    const total = pagesOf('4', '401')
    fireEvent.load(await firstPage())
    vi.useFakeTimers()
    fireEvent.error(screen.getByAltText(`Page 2 of ${total}`))
    expect(screen.getByAltText(`Page 2 of ${total}`).closest('li')).toHaveAttribute('data-state', 'retrying')
    act(() => vi.advanceTimersByTime(1000))
    expect(requests.bodies).toHaveLength(1)
    requests.stop()
  })
})
