import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished } from 'vitest'
import { useAuthModal } from '../../hooks'
import { renderWithKit, type KitOptions, type KitViewer } from '../../../test/render'
import { mockHandlers, server } from '../../../test/server'
import { createMockState, seedMockComments } from '@comics/mocks'
import { EpisodeList } from './EpisodeList'

function ModalProbe() {
  const { isOpen, mode } = useAuthModal()
  return <output aria-label="auth modal">{isOpen ? mode : 'closed'}</output>
}

const renderList = (comicId: string, options: KitOptions & { uncensored?: boolean; reactions?: boolean } = {}) =>
  renderWithKit(
    <>
      <EpisodeList comicId={comicId} uncensored={options.uncensored} reactions={options.reactions} />
      <ModalProbe />
    </>,
    options,
  )

/** The rows once loaded and, for a signed-in viewer, once the level is known (no locked row's button waits). */
async function loadedRows(count: number) {
  await screen.findByRole('heading', { name: `${count} Episodes` })
  const rows = screen.getAllByRole('listitem')
  await waitFor(() => rows.forEach((row) => expect(within(row).getByLabelText(/^Open Episode/)).toBeEnabled()))
  return rows
}

const lockedTitles = (rows: HTMLElement[]) =>
  rows.filter((row) => within(row).queryByRole('button', { name: /^Open .*, Locked$/ })).map((row) => within(row).getByText(/^Episode/).textContent)

describe('EpisodeList', () => {
  it('shows a failed load as an error with a retry, never as an empty list', async () => {
    const { user } = renderList('4', { mocks: { errors: { listChapters: 500 } } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong. Please try again.')
    expect(screen.queryByRole('heading', { name: /Episodes/ })).toBeNull()
    expect(screen.queryByText('No episodes yet')).toBeNull()
    server.use(...mockHandlers({ siteMode: 'normal' }))
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: /^\d+ Episodes$/ })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("heads the list '{n} Episodes' and sorts rows by chapter number, gaps included", async () => {
    renderList('6', { viewer: 'level1' })
    const rows = await loadedRows(5)
    expect(rows.map((row) => within(row).getByText(/^Episode/).textContent)).toEqual([
      'Episode 1',
      'Episode 2',
      'Episode 5',
      'Episode 7',
      'Episode 10',
    ])
    for (const row of rows) {
      expect(row.querySelector('img.comics-episode-row__preview')).toHaveAttribute('src', expect.stringContaining('data:image/svg+xml'))
    }
  })

  it("makes each row one control named by its episode, its thumbnail and title inside, with no bare 'Open' on every row", async () => {
    renderList('4')
    const rows = await loadedRows(8)
    expect(screen.queryByText('Open')).toBeNull()
    const names = rows.map((row) => within(row).getByLabelText(/^Open Episode/).getAttribute('aria-label'))
    expect(names.slice(0, 4)).toEqual(['Open Episode 1', 'Open Episode 2', 'Open Episode 3', 'Open Episode 4, Locked'])
    expect(new Set(names).size).toBe(rows.length)
    const first = within(rows[0]!).getByRole('link', { name: 'Open Episode 1' })
    expect(first).toContainElement(rows[0]!.querySelector('.comics-episode-row__preview') as HTMLElement)
    expect(first).toContainElement(within(rows[0]!).getByText('Episode 1'))
    // The link says what its name says (label in name).
    expect(first).toHaveTextContent(/^Episode 1$/)
  })

  it.each<[KitViewer, string[], string | null]>([
    ['guest', ['Episode 4', 'Episode 5', 'Episode 6', 'Episode 7', 'Episode 8'], 'Upgrade your plan to continue reading and unlock the full story'],
    ['free', ['Episode 4', 'Episode 5', 'Episode 6', 'Episode 7', 'Episode 8'], 'Upgrade your plan to continue reading and unlock the full story'],
    ['level1', [], null],
    ['level2', [], null],
    ['level3', [], null],
    ['level4', [], null],
  ])('locks and banner for %s on a comic without an uncensored edition', async (viewer, locked, banner) => {
    renderList('4', { viewer })
    const rows = await loadedRows(8)
    expect(lockedTitles(rows)).toEqual(locked)
    if (banner) expect(screen.getByText(banner)).toBeInTheDocument()
    else expect(screen.queryByText(/Upgrade your plan/)).not.toBeInTheDocument()
  })

  it.each<[KitViewer, string | null]>([
    ['guest', 'Upgrade your plan to continue reading and unlock the full story'],
    ['free', 'Upgrade your plan to continue reading and unlock the full story'],
    ['level1', 'Upgrade your plan to view the uncensored version of this comic'],
    ['level2', 'Upgrade your plan to view the uncensored version of this comic'],
    ['level3', null],
    ['level4', null],
  ])('shows %s the banner for a comic with an uncensored edition', async (viewer, banner) => {
    renderList('1', { viewer, siteMode: 'adult' })
    const rows = await loadedRows(6)
    if (!banner) {
      expect(screen.queryByText(/Upgrade your plan/)).not.toBeInTheDocument()
      return
    }
    const text = screen.getByText(banner)
    // Before the 4th row, after the 3rd.
    expect(rows[2]!.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(rows[3]!.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Get in now' })).toHaveAttribute('href', '/premium')
  })

  it('shows no banner when there is no 4th row', async () => {
    renderList('5')
    await loadedRows(3)
    expect(screen.queryByText(/Upgrade your plan/)).not.toBeInTheDocument()
  })

  it("shows each episode's likes and comments with `reactions` (one request for the comic), and asks nothing without", async () => {
    const asked: string[] = []
    const listener = ({ request }: { request: Request }) => void (new URL(request.url).pathname.endsWith('/comments/counts') && asked.push(request.url))
    server.events.on('request:start', listener)
    onTestFinished(() => server.events.removeListener('request:start', listener))
    const state = createMockState()
    seedMockComments(state, '401', [{ text: 'First!' }, { text: 'Second' }])
    seedMockComments(state, '403', [{ text: 'Only one' }])
    state.comments!.episodeLikes['401'] = ['user-level1']
    const seeded = renderList('4', { reactions: true, mocks: { state } })
    const rows = await loadedRows(8)
    await waitFor(() => expect(rows[0]).toHaveTextContent('1 like · 2 comments'))
    expect(rows[2]).toHaveTextContent('0 likes · 1 comment')
    // Beside the row's link, not in it: its name, 'Open Episode 1', says what its text says.
    expect(within(rows[0]!).getByRole('link', { name: 'Open Episode 1' })).not.toHaveTextContent(/like|comment/)
    expect(rows[1]!.querySelector('.comics-episode-row__reactions')).toBeNull()
    expect(asked).toHaveLength(1)
    seeded.unmount()

    renderList('4', { mocks: { state } })
    await loadedRows(8)
    expect(asked).toHaveLength(1)
    expect(document.querySelector('.comics-episode-row__reactions')).toBeNull()
  })

  it('opens an unlocked episode in the reader', async () => {
    const { user, navigate } = renderList('4')
    const rows = await loadedRows(8)
    const open = within(rows[1]!).getByRole('link', { name: 'Open Episode 2' })
    expect(open).toHaveAttribute('href', '/comic/4/402')
    await user.click(open)
    expect(navigate).toHaveBeenCalledWith('/comic/4/402')
  })

  it('opens the uncensored reader in uncensored mode', async () => {
    const { user, navigate } = renderList('1', { viewer: 'level3', siteMode: 'adult', uncensored: true })
    const rows = await loadedRows(6)
    await user.click(within(rows[4]!).getByRole('link', { name: 'Open Episode 5' }))
    expect(navigate).toHaveBeenCalledWith('/comic/1/105/uncensored')
  })

  it('opens the sign-in modal when a guest opens a locked episode', async () => {
    const { user, navigate } = renderList('4')
    const rows = await loadedRows(8)
    await user.click(within(rows[3]!).getByRole('button', { name: 'Open Episode 4, Locked' }))
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('sign-in')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('sends a signed-in reader without subscription to /premium from a locked episode', async () => {
    const { user, navigate } = renderList('6', { viewer: 'free' })
    const rows = await loadedRows(5)
    expect(lockedTitles(rows)).toEqual(['Episode 7', 'Episode 10'])
    await user.click(within(rows[4]!).getByRole('button', { name: 'Open Episode 10, Locked' }))
    expect(navigate).toHaveBeenCalledWith('/premium')
    expect(screen.getByRole('status', { name: 'auth modal' })).toHaveTextContent('closed')
  })

  it("offers a signed-in reader without subscription 'Unlock for 10 coins' on each locked row, opening the reader there; the row still goes to /premium", async () => {
    const { user, navigate } = renderList('4', { viewer: 'free' })
    const rows = await loadedRows(8)
    const unlocks = rows.map((row) => within(row).queryByRole('link', { name: 'Unlock for 10 coins' }))
    expect(unlocks.map(Boolean)).toEqual([false, false, false, true, true, true, true, true])
    const fourth = unlocks[3]!
    expect(fourth).toHaveAttribute('href', '/comic/4/404')
    expect(fourth).toHaveAccessibleDescription('Episode 4')
    await user.click(fourth)
    expect(navigate).toHaveBeenLastCalledWith('/comic/4/404')
    await user.click(within(rows[3]!).getByRole('button', { name: 'Open Episode 4, Locked' }))
    expect(navigate).toHaveBeenLastCalledWith('/premium')
  })

  it.each([
    ['a guest', '4', 8, { viewer: 'guest' as const }],
    ['a subscriber', '4', 8, { viewer: 'level1' as const }],
    // An AO comic with an uncensored edition: the adult host is the one that shows it.
    ['the uncensored edition', '10', 7, { viewer: 'free' as const, siteMode: 'adult' as const, uncensored: true }],
  ])('never offers the coin unlock to %s', async (_, comicId, rows, options) => {
    renderList(comicId, options)
    await loadedRows(rows)
    expect(screen.queryByRole('link', { name: /Unlock for/ })).toBeNull()
  })

  it('says when a comic has no episode yet', async () => {
    renderList('14')
    expect(await screen.findByRole('heading', { name: '0 Episodes' })).toBeInTheDocument()
    expect(screen.getByText('No episodes yet')).toBeInTheDocument()
  })

  // spec §2 '{n} Episodes', with the singular for one (Intl.PluralRules of the provider's locale).
  it.each([
    ['12', '1 Episode'],
    ['7', '4 Episodes'],
    ['14', '0 Episodes'],
  ])('heads comic %s %j', async (comicId, heading) => {
    renderList(comicId)
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent(new RegExp(`^${heading}$`))
  })

  it("takes a partner's plural forms, picked by the provider's locale", async () => {
    const messages = { 'episodes.count': { one: '{n} Folge', other: '{n} Folgen' } }
    const { unmount } = renderList('12', { locale: 'de-DE', messages })
    expect(await screen.findByRole('heading', { name: '1 Folge' })).toBeInTheDocument()
    unmount()
    renderList('9', { locale: 'de-DE', messages })
    expect(await screen.findByRole('heading', { name: '12 Folgen' })).toBeInTheDocument()
  })

  it('takes one string for every count, as a partner may override it', async () => {
    renderList('12', { messages: { 'episodes.count': 'Chapters: {n}' } })
    expect(await screen.findByRole('heading', { name: 'Chapters: 1' })).toBeInTheDocument()
  })
})
