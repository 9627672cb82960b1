import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { queryKeys } from '../../hooks'
import { renderWithKit } from '../../../test/render'
import { server } from '../../../test/server'
import { TopBar } from '../TopBar/TopBar'
import { SearchField } from './SearchField'

const searches: string[] = []
const record = ({ request }: { request: Request }) => {
  if (request.url.endsWith('/comics/search')) void request.clone().json().then((body: { q: string }) => searches.push(body.q))
}
beforeEach(() => server.events.on('request:start', record))
afterEach(() => {
  server.events.removeListener('request:start', record)
  searches.length = 0
})

const field = () => screen.getByRole('combobox', { name: 'Search comics' })

describe('SearchField', () => {
  it('lists the comics found as the reader types, a typo forgiven, in a listbox the field controls', async () => {
    const { user } = renderWithKit(<SearchField debounceMs={0} />)
    await user.type(field(), 'silnet')
    const option = await screen.findByRole('option', { name: 'Silent Blade' })
    expect(field()).toHaveAttribute('aria-expanded', 'true')
    expect(field()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id)
    expect(option).toHaveAttribute('aria-selected', 'false')
  })

  it('asks once typing pauses, not for every key', async () => {
    const { user } = renderWithKit(<SearchField debounceMs={150} />)
    await user.type(field(), 'starlight')
    await screen.findByRole('option', { name: 'Starlight Kitchen' })
    await waitFor(() => expect(searches).toEqual(['starlight']))
  })

  it('cancels a search whose answer is no longer wanted', async () => {
    // An answer slow enough that the second search starts well before the first could answer, however
    // busy the machine: the rest of the word arrives at once (a paste), not a key at a time.
    const { user, queryClient } = renderWithKit(<SearchField debounceMs={0} />, { mocks: { latencyMs: { searchComics: 1_500 } } })
    await user.type(field(), 'ki')
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.comicSearch('normal', 'ki', 8))?.fetchStatus).toBe('fetching'))
    await user.paste('tchen')
    await screen.findByRole('option', { name: 'Starlight Kitchen' }, { timeout: 10_000 })
    const stale = queryClient.getQueryState(queryKeys.comicSearch('normal', 'ki', 8))
    // Cancelled before it answered: no data, no error, not fetching.
    expect(stale).toMatchObject({ data: undefined, error: null, fetchStatus: 'idle' })
  })

  it('ArrowDown and ArrowUp move through the results, Enter opens the one chosen', async () => {
    const { user, navigate } = renderWithKit(<SearchField debounceMs={0} />)
    await user.type(field(), 'night')
    const options = await screen.findAllByRole('option')
    expect(options.length).toBeGreaterThan(0)
    await user.keyboard('{ArrowDown}')
    expect(field()).toHaveAttribute('aria-activedescendant', options[0]!.id)
    await user.keyboard('{ArrowUp}')
    expect(field()).toHaveAttribute('aria-activedescendant', options.at(-1)!.id)
    await user.keyboard('{ArrowDown}{Enter}')
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/comic\/\d+$/))
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('Enter with no result chosen opens the shareable /search page for what was typed', async () => {
    const { user, navigate } = renderWithKit(<SearchField debounceMs={0} />)
    await user.type(field(), '  long  road {Enter}')
    expect(navigate).toHaveBeenCalledWith('/search?q=long%20road')
  })

  it('Escape closes the list and keeps what was typed; a second Escape empties the field', async () => {
    const { user } = renderWithKit(<SearchField debounceMs={0} />)
    await user.type(field(), 'blade')
    await screen.findByRole('listbox')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(field()).toHaveAttribute('aria-expanded', 'false')
    expect(field()).toHaveValue('blade')
    await user.keyboard('{Escape}')
    expect(field()).toHaveValue('')
  })

  it('never lists an AO comic off the adult host', async () => {
    const { user } = renderWithKit(<SearchField debounceMs={0} />)
    await user.type(field(), 'forbidden library')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("No comics match 'forbidden library'"))
    expect(screen.queryByRole('option')).toBeNull()
  })

  it('lists AO comics on the adult host', async () => {
    const { user } = renderWithKit(<SearchField debounceMs={0} />, { siteMode: 'adult' })
    await user.type(field(), 'forbiden')
    expect(await screen.findByRole('option', { name: 'Forbidden Library' })).toBeInTheDocument()
  })

  it('a failed search offers to try again, what was typed kept', async () => {
    const { user } = renderWithKit(<SearchField debounceMs={0} />, { mocks: { errors: { searchComics: 500 } } })
    await user.type(field(), 'blade')
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(searches.filter((q) => q === 'blade').length).toBeGreaterThanOrEqual(2))
    expect(field()).toHaveValue('blade')
  })

  it('shows in the top bar beside the logo, outside the collapsible menu', () => {
    renderWithKit(<TopBar search={<SearchField />} />)
    expect(field().closest('nav')).toBeNull()
    expect(field().closest('header')).not.toBeNull()
  })
})
