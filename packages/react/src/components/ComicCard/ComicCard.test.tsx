import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { MOCK_COMICS } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { ComicCard } from './ComicCard'

const withBanner = MOCK_COMICS.find((c) => c.id === '4')!
// Comic 8 has no banner: bannerImageUrl is ''.
const withoutBanner = MOCK_COMICS.find((c) => c.id === '8')!

describe('ComicCard', () => {
  it('shows the banner and title and goes to /comic/{id} on click', async () => {
    const onClick = vi.fn()
    const { user, navigate, container } = renderWithKit(<ComicCard comic={withBanner} onClick={onClick} />)
    const card = screen.getByRole('link', { name: 'Silent Blade' })
    expect(card).toHaveAttribute('href', '/comic/4')
    expect(container.querySelector('img')).toHaveAttribute('src', withBanner.bannerImageUrl)
    await user.click(card)
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith('/comic/4')
  })

  it('shows a lettered fallback when the banner image is empty', () => {
    const { container } = renderWithKit(<ComicCard comic={withoutBanner} />)
    const card = screen.getByRole('link', { name: 'Sugar Rush' })
    expect(card).toHaveAttribute('data-fallback')
    expect(container.querySelector('img')).toBeNull()
    expect(card).toHaveTextContent('S')
  })

  it('is reachable by keyboard and opens on Enter', async () => {
    const { user, navigate } = renderWithKit(<ComicCard comic={withBanner} />)
    await user.tab()
    expect(screen.getByRole('link', { name: 'Silent Blade' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(navigate).toHaveBeenCalledWith('/comic/4')
  })
})
