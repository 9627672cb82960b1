import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import useEmblaCarousel from 'embla-carousel-react'
import { MOCK_COMICS } from '@comics/mocks'
import type { FeaturedComic } from '../../provider'
import { renderWithKit } from '../../../test/render'
import { FeaturedCarousel } from './FeaturedCarousel'

// The real Embla runs; the wrapper only records when it is started.
vi.mock('embla-carousel-react', async (importOriginal) => {
  const real = await importOriginal<typeof import('embla-carousel-react')>()
  return { default: vi.fn(real.default) }
})

/** Featured items as the site configures them (spec §2: rating 4.9, empty ageRating, reader's choice). */
const featuredOf = (ids: string[]): FeaturedComic[] =>
  ids.map((id) => {
    const comic = MOCK_COMICS.find((c) => c.id === id)!
    return {
      id,
      image: `https://cdn.comics.test/featured/${id}.jpg`,
      mobileImage: `https://cdn.comics.test/featured/${id}-mobile.jpg`,
      title: comic.title,
      description: comic.description,
      rating: 4.9,
      ageRating: '',
      isReadersChoice: true,
    }
  })

const normalFeatured = featuredOf(['4', '7', '9'])
const adultFeatured = featuredOf(['1', '2', '10'])

const slides = () => screen.getAllByRole('group')

describe('FeaturedCarousel', () => {
  it('is a carousel of 3 slides labelled n of 3', () => {
    renderWithKit(<FeaturedCarousel items={normalFeatured} />)
    const carousel = screen.getByRole('region', { name: 'Featured comics' })
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
    expect(slides().map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3'])
    for (const slide of slides()) expect(slide).toHaveAttribute('aria-roledescription', 'slide')
    expect(slides()[0]).toHaveAttribute('data-state', 'active')
  })

  it('shows each cover, title, description, rating badge and Read now', () => {
    renderWithKit(<FeaturedCarousel items={normalFeatured} />)
    normalFeatured.forEach((item, index) => {
      const slide = within(slides()[index]!)
      expect(slide.getByRole('heading', { name: item.title })).toBeInTheDocument()
      expect(slide.getByText(item.description)).toBeInTheDocument()
      expect(slide.getByText('★ 4.9')).toHaveAttribute('aria-hidden', 'true')
      expect(slide.getByText('Rating 4.9')).toBeInTheDocument()
      expect(slide.getByText("Reader's choice")).toBeInTheDocument()
      expect(slide.getByRole('link', { name: 'Read now' })).toHaveAttribute('href', `/comic/${item.id}`)
      const picture = slides()[index]!.querySelector('picture')!
      expect(picture.querySelector('source')).toHaveAttribute('media', '(max-width: 768px)')
      expect(picture.querySelector('source')).toHaveAttribute('srcset', item.mobileImage)
      expect(picture.querySelector('img')).toHaveAttribute('src', item.image)
    })
  })

  it("takes the site config's featured list for its mode when no items are given", () => {
    renderWithKit(<FeaturedCarousel />, { siteMode: 'adult', site: { featured: adultFeatured } })
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Moonlit Contract',
      'Crimson Academy',
      'After Midnight',
    ])
  })

  it('shows at most 3 items', () => {
    renderWithKit(<FeaturedCarousel items={[...normalFeatured, ...adultFeatured]} />)
    expect(slides()).toHaveLength(3)
  })

  it('renders nothing without items', () => {
    const { container } = renderWithKit(<FeaturedCarousel />)
    expect(container).toBeEmptyDOMElement()
  })

  it('Read now opens /comic/{id} and records carousel_clicked', async () => {
    const { user, navigate, events } = renderWithKit(<FeaturedCarousel items={normalFeatured} />)
    await user.click(within(slides()[1]!).getByRole('link', { name: 'Read now' }))
    expect(navigate).toHaveBeenCalledWith('/comic/7')
    expect(events).toEqual([{ name: 'carousel_clicked', params: { carousel: 'featured', comicId: '7', position: 2 } }])
  })

  it('moves with the dots, previous and next, and the arrow keys', async () => {
    const { user } = renderWithKit(<FeaturedCarousel items={normalFeatured} />)
    const dot = (n: number) => screen.getByRole('button', { name: `Go to slide ${n}` })
    const active = () => slides().findIndex((slide) => slide.getAttribute('data-state') === 'active') + 1
    expect(dot(1)).toHaveAttribute('aria-current', 'true')

    await user.click(dot(3))
    await waitFor(() => expect(active()).toBe(3))
    expect(dot(3)).toHaveAttribute('aria-current', 'true')
    expect(dot(1)).not.toHaveAttribute('aria-current')

    await user.click(screen.getByRole('button', { name: 'Next slide' }))
    await waitFor(() => expect(active()).toBe(1))
    await user.click(screen.getByRole('button', { name: 'Previous slide' }))
    await waitFor(() => expect(active()).toBe(3))

    await user.keyboard('{ArrowLeft}')
    await waitFor(() => expect(active()).toBe(2))
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(active()).toBe(3))
  })

  it('starts Embla only when the reader reaches for it, with the first slide shown before', async () => {
    vi.mocked(useEmblaCarousel).mockClear()
    renderWithKit(<FeaturedCarousel items={normalFeatured} />)
    const region = screen.getByRole('region', { name: 'Featured comics' })
    expect(slides()[0]).toHaveAttribute('data-state', 'active')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(vi.mocked(useEmblaCarousel)).not.toHaveBeenCalled()
    fireEvent.pointerEnter(region)
    await waitFor(() => expect(vi.mocked(useEmblaCarousel)).toHaveBeenCalledWith(expect.objectContaining({ loop: true })))
  })

  it('moves with a control pressed before Embla has started, once it has', async () => {
    renderWithKit(<FeaturedCarousel items={normalFeatured} />)
    const active = () => slides().findIndex((slide) => slide.getAttribute('data-state') === 'active') + 1
    // A click without the pointer's approach (a screen reader's), then a key.
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }))
    await waitFor(() => expect(active()).toBe(2))
    fireEvent.keyDown(screen.getByRole('region', { name: 'Featured comics' }), { key: 'ArrowRight' })
    await waitFor(() => expect(active()).toBe(3))
  })

  it('reaches every Read now and control by keyboard, and opens with Enter', async () => {
    const { user, navigate } = renderWithKit(<FeaturedCarousel items={normalFeatured} />)
    const reached: string[] = []
    for (let step = 0; step < 8; step += 1) {
      await user.tab()
      const active = document.activeElement as HTMLElement
      reached.push(active.getAttribute('aria-label') ?? `${active.textContent} ${active.getAttribute('href')}`)
    }
    expect(reached).toEqual([
      'Read now /comic/4',
      'Read now /comic/7',
      'Read now /comic/9',
      'Previous slide',
      'Go to slide 1',
      'Go to slide 2',
      'Go to slide 3',
      'Next slide',
    ])
    screen.getAllByRole('link', { name: 'Read now' })[2]!.focus()
    await user.keyboard('{Enter}')
    expect(navigate).toHaveBeenCalledWith('/comic/9')
  })

  it('shows a non-empty age rating and hides the tag of a comic that is not a reader’s choice', () => {
    const [first] = normalFeatured
    renderWithKit(<FeaturedCarousel items={[{ ...first!, ageRating: '18+', isReadersChoice: false }]} />)
    expect(screen.getByText('18+')).toBeInTheDocument()
    expect(screen.queryByText("Reader's choice")).toBeNull()
    // One item: nothing to move to.
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull()
  })
})
