import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithKit, type KitViewer } from '../../../test/render'
import { mockHandlers, server } from '../../../test/server'
import { ComicPreview } from './ComicPreview'

const history = (entry: object) => ({ comicsReadingHistory: JSON.stringify([entry]), lastReadComics: '["4"]' })

describe('ComicPreview', () => {
  it('shows a failed load as an error with a retry that loads the comic again', async () => {
    const { user } = renderWithKit(<ComicPreview comicId="4" />, { mocks: { errors: { listComics: 500 } } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong. Please try again.')
    server.use(...mockHandlers({ siteMode: 'normal' }))
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Silent Blade' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })

  it('shows Back to main, the title, the description and the cover with its tags', async () => {
    const { user, navigate } = renderWithKit(<ComicPreview comicId="4" />)
    expect(await screen.findByRole('heading', { name: 'Silent Blade' })).toBeInTheDocument()
    expect(screen.getByText('A swordswoman who cannot speak duels her way to the capital.')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Silent Blade cover' })).toBeInTheDocument()
    const back = screen.getByRole('link', { name: 'Back to main' })
    expect(back).toHaveAttribute('href', '/')
    await user.click(back)
    expect(navigate).toHaveBeenCalledWith('/')
  })

  it('shows the genres and the episode count, with no badge on a comic the site does not feature', async () => {
    renderWithKit(<ComicPreview comicId="4" />)
    const genres = await screen.findByRole('list', { name: 'Genres' })
    expect(within(genres).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Action', 'Fantasy'])
    expect(await screen.findByText('8 Episodes')).toBeInTheDocument()
    expect(screen.queryByText('Comic of the day')).toBeNull()
    expect(screen.queryByText("Reader's choice")).toBeNull()
  })

  it("shows only the badges that apply: 'Comic of the day' on the featured lead, \"Reader's choice\" where its entry says so", async () => {
    const entry = (id: string, isReadersChoice: boolean) => ({ id, image: '', mobileImage: '', title: '', description: '', rating: 5, ageRating: '', isReadersChoice })
    const site = { featured: [entry('4', false), entry('6', true)] }
    const lead = renderWithKit(<ComicPreview comicId="4" />, { site })
    await screen.findByRole('heading', { name: 'Silent Blade' })
    expect(screen.getByText('Comic of the day')).toBeInTheDocument()
    expect(screen.queryByText("Reader's choice")).toBeNull()
    lead.unmount()
    renderWithKit(<ComicPreview comicId="6" />, { site })
    await screen.findByRole('heading', { level: 1 })
    expect(screen.getByText("Reader's choice")).toBeInTheDocument()
    expect(screen.queryByText('Comic of the day')).toBeNull()
  })

  it('puts the actions it is given beside the start button', async () => {
    renderWithKit(<ComicPreview comicId="4" actions={<button type="button">Follow</button>} />)
    const start = await screen.findByRole('button', { name: 'Start Reading' })
    expect(start.parentElement).toContainElement(screen.getByRole('button', { name: 'Follow' }))
  })

  it('records comic_page_view once on mount', async () => {
    const { events } = renderWithKit(<ComicPreview comicId="4" />)
    await screen.findByRole('heading', { name: 'Silent Blade' })
    expect(events.filter((event) => event.name === 'comic_page_view')).toEqual([
      { name: 'comic_page_view', params: { comicId: '4' } },
    ])
  })

  it("'Start Reading' opens the first episode by chapter number and records comic_reading_clicked", async () => {
    const { user, navigate, events } = renderWithKit(<ComicPreview comicId="6" />)
    const start = await screen.findByRole('button', { name: 'Start Reading' })
    await waitFor(() => expect(start).toBeEnabled())
    await user.click(start)
    expect(navigate).toHaveBeenCalledWith('/comic/6/601')
    expect(events).toContainEqual({
      name: 'comic_reading_clicked',
      params: { comicId: '6', chapterId: '601', resumed: false },
    })
  })

  it("continues the saved episode: \"Continue reading '{chapter title}'\"", async () => {
    const { user, navigate } = renderWithKit(<ComicPreview comicId="4" />, {
      storage: history({ comicId: '4', chapterId: '402', chapterTitle: 'Episode 2', updatedAt: 1 }),
    })
    const start = await screen.findByRole('button', { name: "Continue reading 'Episode 2'" })
    expect(screen.queryByRole('button', { name: 'Start Reading' })).not.toBeInTheDocument()
    await user.click(start)
    expect(navigate).toHaveBeenCalledWith('/comic/4/402')
  })

  it('keeps uncensored mode when starting to read', async () => {
    const { user, navigate } = renderWithKit(<ComicPreview comicId="1" uncensored />, { siteMode: 'adult', viewer: 'level3' })
    const start = await screen.findByRole('button', { name: 'Start Reading' })
    await waitFor(() => expect(start).toBeEnabled())
    await user.click(start)
    expect(navigate).toHaveBeenCalledWith('/comic/1/101/uncensored')
  })

  it('disables the start button when the comic has no episode', async () => {
    renderWithKit(<ComicPreview comicId="14" />)
    await screen.findByRole('heading', { name: 'Starlight Kitchen' })
    expect(screen.getByRole('button', { name: 'Start Reading' })).toBeDisabled()
  })

  it.each<[KitViewer, string]>([
    ['guest', '/premium'],
    ['free', '/premium'],
    ['level1', '/premium'],
    ['level2', '/premium'],
    ['level3', '/comic/1/uncensored'],
    ['level4', '/comic/1/uncensored'],
  ])("'🔥Read Uncensored' sends %s to %s", async (viewer, path) => {
    const { user, navigate } = renderWithKit(<ComicPreview comicId="1" />, { siteMode: 'adult', viewer })
    const button = await screen.findByRole('button', { name: '🔥Read Uncensored' })
    await waitFor(() => expect(button).toBeEnabled())
    await user.click(button)
    expect(navigate).toHaveBeenCalledWith(path)
  })

  it("hides '🔥Read Uncensored' for a comic without an uncensored edition", async () => {
    renderWithKit(<ComicPreview comicId="3" />, { siteMode: 'adult', viewer: 'level4' })
    await screen.findByRole('heading', { name: 'Velvet Nights' })
    expect(screen.queryByRole('button', { name: '🔥Read Uncensored' })).not.toBeInTheDocument()
  })

  it('shows the uncensored banner instead of the button in uncensored mode', async () => {
    const { container } = renderWithKit(<ComicPreview comicId="1" uncensored uncensoredBannerUrl="/img/uncensored.jpg" />, {
      siteMode: 'adult',
      viewer: 'level3',
    })
    await screen.findByRole('heading', { name: 'Moonlit Contract' })
    expect(screen.queryByRole('button', { name: '🔥Read Uncensored' })).not.toBeInTheDocument()
    expect(container.querySelector('.comics-comic-preview__uncensored-banner')).toHaveAttribute('src', '/img/uncensored.jpg')
  })

  it('shows no uncensored banner outside uncensored mode', async () => {
    const { container } = renderWithKit(<ComicPreview comicId="1" uncensoredBannerUrl="/img/uncensored.jpg" />, { siteMode: 'adult' })
    await screen.findByRole('heading', { name: 'Moonlit Contract' })
    expect(container.querySelector('.comics-comic-preview__uncensored-banner')).toBeNull()
  })
})
