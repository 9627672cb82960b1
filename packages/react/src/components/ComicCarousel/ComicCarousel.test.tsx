import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createMockState, MOCK_COMICS } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { mockHandlers, server } from '../../../test/server'
import { ComicCarousel } from './ComicCarousel'

/** The bodies of the comics/list requests the mocks received. */
function recordComicsListBodies() {
  const bodies: unknown[] = []
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/comics/list')) {
      bodies.push(await request.clone().json())
    }
  })
  return bodies
}

/** The normal host's comics (T and M shown on the mirror), newest first. */
const normalNewest = MOCK_COMICS.filter((c) => c.displayOnMirror && c.contentRating !== 'AO').sort((a, b) =>
  (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
)

/** A catalogue with 15 more comics on the normal host, created one day apart in April 2026. */
function stateWithManyComics() {
  const state = createMockState()
  const base = state.comics.find((c) => c.id === '4')!
  for (let day = 1; day <= 15; day += 1) {
    state.comics.push({
      ...structuredClone(base),
      id: `new-${day}`,
      title: `New comic ${day}`,
      createdAt: `2026-04-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    })
  }
  return state
}

const cardTitles = () =>
  within(screen.getByRole('region', { name: 'Something New' }))
    .getAllByRole('group')
    .map((slide) => within(slide).getByRole('link').textContent)

describe('ComicCarousel', () => {
  it("is the 'Something New' carousel with a Read more link to /categories", async () => {
    const { user, navigate } = renderWithKit(<ComicCarousel />)
    const region = screen.getByRole('region', { name: 'Something New' })
    expect(region).toHaveAttribute('aria-roledescription', 'carousel')
    expect(within(region).getByRole('heading', { name: 'Something New' })).toBeInTheDocument()
    const readMore = within(region).getByRole('link', { name: 'Read more new comics in Categories' })
    expect(readMore).toHaveAttribute('href', '/categories')
    await user.click(readMore)
    expect(navigate).toHaveBeenCalledWith('/categories')
  })

  it('shows a loading state, then the newest comics first as cards labelled n of total', async () => {
    const bodies = recordComicsListBodies()
    renderWithKit(<ComicCarousel />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    await waitFor(() => expect(cardTitles()).toEqual(normalNewest.map((c) => c.title)))
    const slides = within(screen.getByRole('region', { name: 'Something New' })).getAllByRole('group')
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'slide')
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(
      normalNewest.map((_, index) => `${index + 1} of ${normalNewest.length}`),
    )
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ limit: 10, offset: 0, sort: { field: 'created_at', order: 'desc' } })
  })

  it('asks for the 10 newest and shows those 10, newest first', async () => {
    const bodies = recordComicsListBodies()
    renderWithKit(<ComicCarousel />, { mocks: { state: stateWithManyComics() } })
    await waitFor(() => expect(cardTitles()).toHaveLength(10))
    expect(cardTitles()).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6].map((day) => `New comic ${day}`))
    expect(bodies[0]).toMatchObject({ limit: 10, sort: { field: 'created_at', order: 'desc' } })
  })

  it("lists the adult host's comics in adult mode", async () => {
    renderWithKit(<ComicCarousel />, { siteMode: 'adult' })
    const adult = MOCK_COMICS.filter((c) => c.contentRating === 'AO').sort((a, b) =>
      (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
    )
    await waitFor(() => expect(cardTitles()).toEqual(adult.map((c) => c.title)))
  })

  it('opens a card at /comic/{id} and records carousel_clicked', async () => {
    const { user, navigate, events } = renderWithKit(<ComicCarousel />)
    await user.click(await screen.findByRole('link', { name: 'The Long Road' }))
    expect(navigate).toHaveBeenCalledWith('/comic/7')
    expect(events).toEqual([
      { name: 'carousel_clicked', params: { carousel: 'something-new', comicId: '7', position: 2 } },
    ])
  })

  it('says so when there is no comic', async () => {
    const state = createMockState()
    state.comics = []
    renderWithKit(<ComicCarousel />, { mocks: { state } })
    expect(await screen.findByText('No new comics yet')).toBeInTheDocument()
    expect(screen.queryByRole('group')).toBeNull()
  })

  it('shows an error with a retry that loads the comics again', async () => {
    const { user } = renderWithKit(<ComicCarousel />, { mocks: { errors: { listComics: 500 } } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong. Please try again.')
    server.use(...mockHandlers({ siteMode: 'normal' }))
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(cardTitles()).toEqual(normalNewest.map((c) => c.title)))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('reaches Read more and every card by keyboard, and opens a card with Enter', async () => {
    const { user, navigate } = renderWithKit(<ComicCarousel />)
    await screen.findAllByRole('group')
    await user.tab()
    expect(screen.getByRole('link', { name: 'Read more new comics in Categories' })).toHaveFocus()
    for (const comic of normalNewest) {
      await user.tab()
      expect(screen.getByRole('link', { name: comic.title })).toHaveFocus()
    }
    await user.keyboard('{Enter}')
    expect(navigate).toHaveBeenCalledWith(`/comic/${normalNewest.at(-1)!.id}`)
  })

  it('moves a view at a time with previous and next, disabled at the ends', async () => {
    // jsdom lays nothing out: give the viewport room for 5 cards of 200px, as the default CSS would.
    // (The spies are restored after the test: restoreMocks is on.)
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.classList.contains('comics-comic-carousel__viewport')) return 1000
      if (this.classList.contains('comics-comic-carousel__slides')) return 1000
      if (this.classList.contains('comics-comic-carousel__slide')) return 200
      return 0
    })
    vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      if (!this.classList.contains('comics-comic-carousel__slide')) return 0
      return [...this.parentElement!.children].indexOf(this) * 200
    })
    const { user } = renderWithKit(<ComicCarousel />, { mocks: { state: stateWithManyComics() } })
    await waitFor(() => expect(cardTitles()).toHaveLength(10))
    const previous = screen.getByRole('button', { name: 'Previous slide' })
    const next = screen.getByRole('button', { name: 'Next slide' })
    await waitFor(() => expect(next).toBeEnabled())
    expect(previous).toBeDisabled()
    await user.click(next)
    await waitFor(() => expect(next).toBeDisabled())
    expect(previous).toBeEnabled()
    await user.click(previous)
    await waitFor(() => expect(previous).toBeDisabled())
    expect(next).toBeEnabled()
  })
})
