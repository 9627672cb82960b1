import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import useEmblaCarousel from 'embla-carousel-react'
import { renderWithKit, type KitOptions } from '../../../test/render'
import { server } from '../../../test/server'
import { LastReadSlider } from './LastReadSlider'

// The real Embla runs; the wrapper only records the options it is started with.
vi.mock('embla-carousel-react', async (importOriginal) => {
  const real = await importOriginal<typeof import('embla-carousel-react')>()
  return { default: vi.fn(real.default) }
})

beforeAll(() => {
  // Embla starts both observers; jsdom has neither (the shared setup may already stub them).
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  window.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver
  window.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver
})

afterEach(() => {
  vi.useRealTimers()
})

/** Signed in, having read The Long Road last, then Silent Blade, then Hollow Crown. */
const READ: KitOptions = { viewer: 'free', storage: { lastReadComics: JSON.stringify(['7', '4', '9']) } }

const card = (title: string) => screen.getByRole('link', { name: title })

async function renderSlider(options: KitOptions = READ) {
  const kit = renderWithKit(<LastReadSlider />, options)
  await screen.findByRole('link', { name: 'The Long Road' })
  return kit
}

/** A pointer press on a card lasting `ms` and ending `dx`, `dy` away, then the click it produces. */
function pressCard(element: HTMLElement, { ms, dx, dy }: { ms: number; dx: number; dy: number }) {
  vi.useFakeTimers({ toFake: ['performance', 'Date', 'setTimeout', 'clearTimeout'] })
  fireEvent.pointerDown(element, { clientX: 100, clientY: 50, pointerId: 1, button: 0 })
  vi.advanceTimersByTime(ms)
  fireEvent.pointerUp(element, { clientX: 100 + dx, clientY: 50 + dy, pointerId: 1, button: 0 })
  fireEvent.click(element, { clientX: 100 + dx, clientY: 50 + dy, button: 0, detail: 1 })
  vi.useRealTimers()
}

describe('LastReadSlider', () => {
  it('renders nothing and asks for nothing without last-read comics', async () => {
    const requests: string[] = []
    server.events.on('request:start', ({ request }) => void requests.push(request.url))
    const { container, queryClient } = renderWithKit(<LastReadSlider />, { viewer: 'free' })
    // React Query starts a query's fetch while mounting it: nothing fetching once rendered means nothing asked.
    expect(queryClient.isFetching()).toBe(0)
    expect(container).toBeEmptyDOMElement()
    expect(requests.filter((url) => url.includes('/comics/list'))).toEqual([])
  })

  it('shows LAST READ with the comics, most recently read first, as labelled slides', async () => {
    await renderSlider()
    const region = screen.getByRole('region', { name: 'LAST READ' })
    expect(region).toHaveAttribute('aria-roledescription', 'carousel')
    expect(within(region).getByRole('heading', { level: 2, name: 'LAST READ' })).toBeInTheDocument()
    expect(within(region).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'The Long Road',
      'Silent Blade',
      'Hollow Crown',
    ])
    expect(within(region).getAllByRole('group').map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ])
    expect(card('Silent Blade')).toHaveAttribute('href', '/comic/4')
  })

  it('asks for at most 5 comics with the last-read ids', async () => {
    const bodies: unknown[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/comics/list')) void request.clone().json().then((body) => bodies.push(body))
    })
    await renderSlider({ viewer: 'free', storage: { lastReadComics: JSON.stringify(['7', '4', '9', '5', '6', '12']) } })
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ limit: 5, offset: 0, filters: { id: ['7', '4', '9', '5', '6'] } })
  })

  it('starts Embla at ~500 ms, one slide per scroll and two at 768 px and below, not looping, snapping', async () => {
    await renderSlider()
    // Its code loads apart (a dynamic import), once the slider is shown.
    await waitFor(() =>
      expect(vi.mocked(useEmblaCarousel)).toHaveBeenCalledWith(
        expect.objectContaining({
          duration: 25,
          loop: false,
          dragFree: false,
          containScroll: 'trimSnaps',
          slidesToScroll: 1,
          breakpoints: { '(max-width: 768px)': { slidesToScroll: 2 } },
        }),
      ),
    )
  })

  it('counts a press of at most 200 ms and 5 px as a click: records the event and goes to /comic/{id}', async () => {
    const { navigate, events } = await renderSlider()
    pressCard(card('Silent Blade'), { ms: 200, dx: 5, dy: -5 })
    expect(navigate).toHaveBeenCalledWith('/comic/4')
    expect(events).toEqual([{ name: 'last_read_comic_clicked', params: { comicId: '4', position: 2 } }])
  })

  it.each([
    ['lasts longer than 200 ms', { ms: 201, dx: 0, dy: 0 }],
    ['moves more than 5 px sideways', { ms: 50, dx: 6, dy: 0 }],
    ['moves more than 5 px up', { ms: 50, dx: 0, dy: -6 }],
  ])('cancels a press that %s as a drag', async (_, gesture) => {
    const { navigate, events } = await renderSlider()
    pressCard(card('Hollow Crown'), gesture)
    expect(navigate).not.toHaveBeenCalled()
    expect(events).toEqual([])
  })

  it('judges each press on its own: a drag does not block the next click', async () => {
    const { navigate } = await renderSlider()
    pressCard(card('Hollow Crown'), { ms: 500, dx: 40, dy: 0 })
    pressCard(card('Hollow Crown'), { ms: 80, dx: 1, dy: 1 })
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith('/comic/9')
  })

  it('opens a card from the keyboard with Enter, without the gesture check', async () => {
    const { user, navigate, events } = await renderSlider()
    // A drag the browser ended without a click leaves nothing behind for the keyboard.
    fireEvent.pointerDown(card('Silent Blade'), { clientX: 0, clientY: 0 })
    fireEvent.pointerUp(card('Silent Blade'), { clientX: 60, clientY: 0 })
    await user.tab()
    expect(card('The Long Road')).toHaveFocus()
    await user.tab()
    expect(card('Silent Blade')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(navigate).toHaveBeenCalledWith('/comic/4')
    expect(events).toEqual([{ name: 'last_read_comic_clicked', params: { comicId: '4', position: 2 } }])
  })

  it('shows a failed load with a retry', async () => {
    renderWithKit(<LastReadSlider />, { ...READ, mocks: { errors: { listComics: 500 } } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong. Please try again.')
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('shows under a card the episode, the page of how many, a bar, and a link to continue there', async () => {
    renderWithKit(<LastReadSlider />, {
      viewer: 'free',
      storage: {
        lastReadComics: JSON.stringify(['7']),
        comicsReadingHistory: JSON.stringify([{ comicId: '7', chapterId: '701', chapterTitle: 'Episode 1', page: 11, offset: 40, updatedAt: 1 }]),
      },
    })
    const slide = await screen.findByRole('group', { name: '1 of 1' })
    // The count comes from the episode's page list (200 pages in the fixture's long episode).
    expect(await within(slide).findByText('Episode 1 · page 12 of 200')).toBeInTheDocument()
    expect(slide.querySelector('progress')).toHaveAttribute('value', '12')
    const resume = within(slide).getByRole('link', { name: "Continue reading 'Episode 1'" })
    expect(resume).toHaveAttribute('href', '/comic/7/701')
  })

  it('shows the page alone when the episode\'s pages cannot be counted', async () => {
    renderWithKit(<LastReadSlider />, {
      viewer: 'free',
      storage: {
        lastReadComics: JSON.stringify(['7']),
        comicsReadingHistory: JSON.stringify([{ comicId: '7', chapterId: '704', chapterTitle: 'Episode 4', page: 2, updatedAt: 1 }]),
      },
    })
    const slide = await screen.findByRole('group', { name: '1 of 1' })
    // Episode 4 is locked to a reader without a subscription: its page list is refused.
    expect(await within(slide).findByText('Episode 4 · page 3')).toBeInTheDocument()
    expect(slide.querySelector('progress')).toBeNull()
    expect(within(slide).getByRole('link', { name: "Continue reading 'Episode 4'" })).toHaveAttribute('href', '/comic/7/704')
  })

  it('appears when a comic is read while it is on screen', async () => {
    const { stores } = renderWithKit(<LastReadSlider />, { viewer: 'free' })
    expect(screen.queryByRole('region', { name: 'LAST READ' })).not.toBeInTheDocument()
    act(() => stores.progress.record('5', { chapterId: '501', chapterTitle: 'Episode 1' }))
    expect(await screen.findByRole('link', { name: 'Office Hours' })).toBeInTheDocument()
  })
})
