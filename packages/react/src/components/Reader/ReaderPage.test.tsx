import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MOCK_ASSETS } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { FIRST_PAGE_ELEMENT_TIMING, pageImageSources, ReaderPage } from './ReaderPage'
import { READER_PAGE_SIZES } from './pageSizes'

describe('ReaderPage loading hints', () => {
  const [first, second] = MOCK_ASSETS
  const renderPages = () =>
    renderWithKit(
      <ol>
        <ReaderPage asset={first!} index={0} total={2} />
        <ReaderPage asset={second!} index={1} total={2} />
      </ol>,
    )

  it('marks the first page for Element Timing and fetches it eagerly with high priority', () => {
    renderPages()
    const image = screen.getByAltText('Page 1 of 2')
    expect(image.getAttribute('elementtiming')).toBe(FIRST_PAGE_ELEMENT_TIMING)
    expect(image.getAttribute('loading')).toBe('eager')
    expect(image.getAttribute('fetchpriority')).toBe('high')
    // Its decode does not hold the first paint.
    expect(image.getAttribute('decoding')).toBe('async')
  })

  it('leaves the other pages lazy, decoded off the main thread and unmarked', () => {
    renderPages()
    const image = screen.getByAltText('Page 2 of 2')
    expect(image.hasAttribute('elementtiming')).toBe(false)
    expect(image.getAttribute('loading')).toBe('lazy')
    expect(image.getAttribute('decoding')).toBe('async')
  })
})

describe('ReaderPage name', () => {
  it('is the alt text the studio wrote, else the page\'s place', () => {
    const [first, second] = MOCK_ASSETS
    renderWithKit(
      <ol>
        <ReaderPage asset={{ ...first!, alt: 'A lighthouse at night, its beam over a dark sea.' }} index={0} total={2} />
        <ReaderPage asset={second!} index={1} total={2} />
      </ol>,
    )
    expect(screen.getByRole('img', { name: 'A lighthouse at night, its beam over a dark sea.' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Page 2 of 2' })).toBeTruthy()
    expect(screen.queryByRole('img', { name: 'Page 1 of 2' })).toBeNull()
  })
})

describe('ReaderPage image widths', () => {
  const page = { id: 'p1', url: '/api/v1/files/a.webp', width: 800, height: 1445, widths: [480, 640, 750] }

  it('offers the renditions with sizes, so a phone downloads the width that fills its screen', () => {
    renderWithKit(
      <ol>
        <ReaderPage asset={page} index={0} total={1} />
      </ol>,
    )
    const image = screen.getByAltText('Page 1 of 1')
    expect(image.getAttribute('src')).toBe('/api/v1/files/a.webp')
    expect(image.getAttribute('srcset')).toBe(
      '/api/v1/files/a.webp?w=480 480w, /api/v1/files/a.webp?w=640 640w, /api/v1/files/a.webp?w=750 750w, /api/v1/files/a.webp 800w',
    )
    expect(image.getAttribute('sizes')).toBe(READER_PAGE_SIZES)
  })

  it("takes a theme's sizes instead of the 800-pixel column's", () => {
    const sizes = '(max-width: 1200px) 100vw, 1200px'
    renderWithKit(
      <ol>
        <ReaderPage asset={page} index={0} total={1} sizes={sizes} />
      </ol>,
    )
    expect(screen.getByAltText('Page 1 of 1').getAttribute('sizes')).toBe(sizes)
  })

  it('keeps src alone for a page without renditions or without a known width', () => {
    expect(pageImageSources({ url: '/f/a.webp', width: 800 })).toEqual({ src: '/f/a.webp' })
    expect(pageImageSources({ url: '/f/a.webp', widths: [480] })).toEqual({ src: '/f/a.webp' })
  })

  it('marks every candidate of another try, so none is replayed from a cached failure', () => {
    expect(pageImageSources(page, 2)).toEqual({
      src: '/api/v1/files/a.webp?comics-retry=2',
      srcSet:
        '/api/v1/files/a.webp?w=480&comics-retry=2 480w, /api/v1/files/a.webp?w=640&comics-retry=2 640w, /api/v1/files/a.webp?w=750&comics-retry=2 750w, /api/v1/files/a.webp?comics-retry=2 800w',
      sizes: READER_PAGE_SIZES,
    })
  })
})

describe('ReaderPage arrival', () => {
  const [first] = MOCK_ASSETS
  afterEach(() => vi.restoreAllMocks())

  it('takes an image that loaded before the page was rendered (a server render taken over) as arrived, once', () => {
    // The document loaded the image before the script ran: no load event reaches React then.
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true)
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(first!.width ?? 800)
    const onArrive = vi.fn()
    renderWithKit(<ReaderPage asset={first!} index={0} total={1} onArrive={onArrive} />)
    expect(onArrive).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('listitem').getAttribute('data-state')).toBe('loaded')
    fireEvent.load(screen.getByAltText('Page 1 of 1'))
    expect(onArrive).toHaveBeenCalledTimes(1)
  })

  it('waits for the load event of an image still loading', () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false)
    const onArrive = vi.fn()
    renderWithKit(<ReaderPage asset={first!} index={0} total={1} onArrive={onArrive} />)
    expect(onArrive).not.toHaveBeenCalled()
    expect(screen.getByRole('listitem').getAttribute('data-state')).toBe('loading')
    fireEvent.load(screen.getByAltText('Page 1 of 1'))
    expect(onArrive).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('listitem').getAttribute('data-state')).toBe('loaded')
  })
})

describe('ReaderPage of a tall page in tiles', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.useRealTimers()
  })
  const tall = {
    id: 't1',
    url: '/api/v1/files/a.png',
    width: 800,
    height: 10000,
    widths: [480, 750],
    tiles: [3334, 3334, 3332].map((height, index) => ({ url: `/api/v1/files/a.png?t=${index}`, width: 800, height, widths: [480, 750] })),
  }
  const tiles = () => [...document.querySelectorAll<HTMLImageElement>('.comics-reader__tile')]
  const renderTall = (props: { index?: number; onArrive?: () => void } = {}) =>
    renderWithKit(
      <ol>
        <ReaderPage asset={tall} index={props.index ?? 0} total={3} {...(props.onArrive ? { onArrive: props.onArrive } : {})} />
      </ol>,
    )

  it('is one image named like any page, its tiles stacked in boxes of their share of the page with no name of their own', () => {
    renderTall()
    const page = screen.getByRole('img', { name: 'Page 1 of 3' })
    expect(page.querySelectorAll('img')).toHaveLength(3)
    expect(screen.getAllByRole('img')).toHaveLength(1)
    // Each but the last 1 px taller, under the next one: no background shows at a seam within a device pixel.
    expect(tiles().map((tile) => [tile.getAttribute('alt'), tile.style.height, tile.style.marginBottom, tile.getAttribute('width'), tile.getAttribute('height')])).toEqual([
      ['', 'calc(33.34% + 1px)', '-1px', '800', '3334'],
      ['', 'calc(33.34% + 1px)', '-1px', '800', '3334'],
      ['', '33.32%', '', '800', '3332'],
    ])
    // The whole page's box is reserved as before: the reading position counts it as one page.
    expect(screen.getByRole('listitem').style.aspectRatio).toBe('800 / 10000')
    expect(screen.getByRole('listitem').getAttribute('data-tiles')).toBe('3')
    // The page itself is never asked for: each tile, with its renditions.
    expect(tiles().map((tile) => tile.getAttribute('src'))).toEqual(tall.tiles.map((tile) => tile.url))
    expect(tiles()[1]!.getAttribute('srcset')).toBe('/api/v1/files/a.png?t=1&w=480 480w, /api/v1/files/a.png?t=1&w=750 750w, /api/v1/files/a.png?t=1 800w')
    expect(tiles()[1]!.getAttribute('sizes')).toBe(READER_PAGE_SIZES)
  })

  it("loads the first page's first tile eagerly, marked for Element Timing, and every other tile lazily", () => {
    renderTall()
    expect(tiles().map((tile) => [tile.getAttribute('loading'), tile.getAttribute('fetchpriority'), tile.getAttribute('elementtiming')])).toEqual([
      ['eager', 'high', FIRST_PAGE_ELEMENT_TIMING],
      ['lazy', null, null],
      ['lazy', null, null],
    ])
    for (const tile of tiles()) expect(tile.getAttribute('decoding')).toBe('async')
  })

  it('has arrived with its first tile, once, the tiles below arriving as the reader nears them', () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false)
    const onArrive = vi.fn()
    renderTall({ index: 1, onArrive })
    fireEvent.load(tiles()[2]!)
    expect(onArrive).not.toHaveBeenCalled()
    expect(screen.getByRole('listitem').getAttribute('data-state')).toBe('loading')
    fireEvent.load(tiles()[0]!)
    fireEvent.load(tiles()[1]!)
    fireEvent.load(tiles()[0]!)
    expect(onArrive).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('listitem').getAttribute('data-state')).toBe('loaded')
  })

  it('takes tiles that loaded before the page was rendered (a server render taken over) as arrived', () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true)
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(800)
    const onArrive = vi.fn()
    renderTall({ onArrive })
    expect(onArrive).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('listitem').getAttribute('data-state')).toBe('loaded')
  })

  it('retries once for tiles failing together, asking again only for those that had not arrived', () => {
    vi.useFakeTimers()
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false)
    renderTall({ index: 1 })
    fireEvent.load(tiles()[0]!)
    const loaded = tiles()[0]!
    fireEvent.error(tiles()[1]!)
    fireEvent.error(tiles()[2]!)
    expect(screen.getByRole('listitem').getAttribute('data-state')).toBe('retrying')
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.getByRole('listitem').getAttribute('data-state')).toBe('loading')
    // One retry for both: the first attempt's marker, not the second's.
    expect(tiles().map((tile) => tile.getAttribute('src'))).toEqual(['/api/v1/files/a.png?t=0', '/api/v1/files/a.png?t=1&comics-retry=1', '/api/v1/files/a.png?t=2&comics-retry=1'])
    expect(tiles()[0]).toBe(loaded)
    // The retried tiles arrive: the page is whole again.
    fireEvent.load(tiles()[1]!)
    expect(screen.getByRole('listitem').getAttribute('data-state')).toBe('loaded')
  })

  it('keeps the tiles that arrived in view while a tile below is retried, and offers the retry once they have all failed', () => {
    vi.useFakeTimers()
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false)
    renderTall({ index: 1 })
    fireEvent.load(tiles()[0]!)
    for (let attempt = 1; attempt <= 3; attempt++) {
      fireEvent.error(tiles()[2]!)
      act(() => vi.advanceTimersByTime(30_000))
    }
    fireEvent.error(tiles()[2]!)
    expect(screen.getByRole('listitem').getAttribute('data-state')).toBe('failed')
    fireEvent.click(screen.getByRole('button', { name: 'Retry page 2' }))
    expect(tiles()[2]!.getAttribute('src')).toBe('/api/v1/files/a.png?t=2&comics-retry=4')
    expect(tiles()[0]!.getAttribute('src')).toBe('/api/v1/files/a.png?t=0')
  })
})
