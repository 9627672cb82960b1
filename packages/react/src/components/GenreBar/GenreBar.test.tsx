import { useState } from 'react'
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithKit } from '../../../test/render'
import { GenreBar } from './GenreBar'

const comics = [
  { genres: [{ id: '1', name: 'Romance' }, { id: '2', name: 'Fantasy' }] },
  { genres: [{ id: '2', name: 'Fantasy' }, { id: '3', name: 'Action' }] },
  { genres: [{ id: '1', name: 'Romance' }] },
]

const pressed = () =>
  within(screen.getByRole('group', { name: 'Genres' }))
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent)

describe('GenreBar', () => {
  it("shows 'All' then the comics' genres, each id once, with All selected", () => {
    renderWithKit(<GenreBar comics={comics} />)
    const buttons = within(screen.getByRole('group', { name: 'Genres' })).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(['All', 'Romance', 'Fantasy', 'Action'])
    expect(pressed()).toEqual(['All'])
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('data-state', 'on')
  })

  it('selects a genre on click and reports its id', async () => {
    const onValueChange = vi.fn()
    const { user } = renderWithKit(<GenreBar comics={comics} onValueChange={onValueChange} />)
    await user.click(screen.getByRole('button', { name: 'Fantasy' }))
    expect(onValueChange).toHaveBeenCalledWith('2')
    expect(pressed()).toEqual(['Fantasy'])
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('data-state', 'off')
    await user.click(screen.getByRole('button', { name: 'All' }))
    expect(onValueChange).toHaveBeenLastCalledWith('all')
  })

  it('follows a controlled value', async () => {
    function Controlled() {
      const [genre, setGenre] = useState('3')
      return (
        <>
          <GenreBar comics={comics} value={genre} onValueChange={setGenre} />
          <output>{genre}</output>
        </>
      )
    }
    const { user } = renderWithKit(<Controlled />)
    expect(pressed()).toEqual(['Action'])
    await user.click(screen.getByRole('button', { name: 'Romance' }))
    expect(pressed()).toEqual(['Romance'])
    expect(screen.getByRole('status')).toHaveTextContent('1')
  })

  it('is operable by keyboard', async () => {
    const { user } = renderWithKit(<GenreBar comics={comics} />)
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Romance' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(pressed()).toEqual(['Romance'])
  })
})
