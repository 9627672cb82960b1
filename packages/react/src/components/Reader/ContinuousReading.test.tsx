import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockPageCount } from '@comics/mocks'
import { DEFAULT_READER_SETTINGS } from '@comics/core'
import { renderWithKit, type KitOptions } from '../../../test/render'
import { Reader, type ReaderProps } from './Reader'

/** Each page of the strip is this tall: jsdom lays nothing out, the spies below stand in for the layout. */
const PAGE_PX = 1000
const VIEWPORT_PX = 800

const pagesOf = (chapterId: string) => mockPageCount('4', chapterId, Number(chapterId.slice(-2)))
const strip = () => screen.getByRole('region', { name: /Episode/ })
const episodesInStrip = () => [...strip().querySelectorAll<HTMLElement>('[data-episode-id]')].map((episode) => episode.dataset.episodeId)

/** Where an episode of the strip starts: the pages of those before it, one after another. */
function episodeTop(episode: HTMLElement): number {
  let top = 0
  for (const earlier of strip().querySelectorAll<HTMLElement>('[data-episode-id]')) {
    if (earlier === episode) return top
    top += earlier.querySelectorAll('[data-page-index]').length * PAGE_PX
  }
  return top
}

let restore: (() => void)[] = []
beforeEach(() => {
  const offsetTop = vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.dataset.episodeId !== undefined) return episodeTop(this)
    const episode = this.closest<HTMLElement>('[data-episode-id]')
    if (this.dataset.pageIndex === undefined || !episode) return 0
    return episodeTop(episode) + Number(this.dataset.pageIndex) * PAGE_PX
  })
  const offsetHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.dataset.episodeId !== undefined) return this.querySelectorAll('[data-page-index]').length * PAGE_PX
    return this.dataset.pageIndex === undefined ? 0 : PAGE_PX
  })
  restore = [() => offsetTop.mockRestore(), () => offsetHeight.mockRestore()]
})
afterEach(() => {
  for (const undo of restore) undo()
})

function renderContinuous(props: Partial<ReaderProps> = {}, options: KitOptions = {}) {
  const settings = { ...DEFAULT_READER_SETTINGS, flow: 'continuous', updatedAt: '2026-01-01T00:00:00.000Z', unsaved: false }
  const readerProps: ReaderProps = { comicId: '4', chapterId: '401', ...props }
  const kit = renderWithKit(<Reader {...readerProps} />, { ...options, storage: { comicsReaderSettings: JSON.stringify(settings), ...options.storage } })
  const element = () => strip()
  const layOut = () => {
    Object.defineProperty(element(), 'clientHeight', { configurable: true, value: VIEWPORT_PX })
    Object.defineProperty(element(), 'scrollHeight', { configurable: true, get: () => element().querySelectorAll('[data-page-index]').length * PAGE_PX })
  }
  const scrollTo = (scrollTop: number) => {
    element().scrollTop = scrollTop
    fireEvent.scroll(element())
  }
  return { ...kit, layOut, scrollTo, rerenderAt: (chapterId: string) => kit.rerender(<Reader {...readerProps} chapterId={chapterId} />) }
}

describe('Reader: continuous reading', () => {
  it('the next episode joins the strip under its title two screens before its end; scrolled into, it becomes the episode read', async () => {
    const { layOut, scrollTo, navigate, rerenderAt, stores } = renderContinuous()
    await screen.findByAltText(`Page 1 of ${pagesOf('401')}`)
    layOut()
    const end = pagesOf('401') * PAGE_PX
    // Three screens before the end: not yet.
    scrollTo(end - VIEWPORT_PX - 3 * VIEWPORT_PX)
    expect(episodesInStrip()).toEqual(['401'])
    scrollTo(end - VIEWPORT_PX - 2 * VIEWPORT_PX + 10)
    expect(await within(strip()).findByRole('heading', { name: 'Episode 2' })).toBeInTheDocument()
    expect(episodesInStrip()).toEqual(['401', '402'])
    await within(strip().querySelector<HTMLElement>('[data-episode-id="402"]')!).findByAltText(`Page 1 of ${pagesOf('402')}`)
    // Still reading episode 1: the address stays.
    expect(navigate).not.toHaveBeenCalled()

    // The middle of the viewport in episode 2's third page: the address moves there, replacing the entry.
    scrollTo(end + 2 * PAGE_PX + 100 - VIEWPORT_PX / 2)
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/comic/4/402', { replace: true }))
    // The router answers with the new address: the strip stays as it is, where it is.
    const scrollTop = strip().scrollTop
    rerenderAt('402')
    expect(episodesInStrip()).toEqual(['401', '402'])
    expect(strip().scrollTop).toBe(scrollTop)
    expect(screen.getByRole('region', { name: 'Episode 2' })).toBe(strip())
    // The progress moves to episode 2, at the page read, measured among its own pages.
    await waitFor(() => expect(stores.progress.getProgress('4')).toMatchObject({ chapterId: '402', page: 1 }))
    // Back up into episode 1: the address follows.
    scrollTo(end - 3 * PAGE_PX)
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/comic/4/401', { replace: true }))
  })

  it('releases the page images of an episode more than one away from the one read, keeping their boxes', async () => {
    const { layOut, scrollTo, rerenderAt } = renderContinuous({ chapterId: '401' }, { viewer: 'level1' })
    await screen.findByAltText(`Page 1 of ${pagesOf('401')}`)
    layOut()
    const topOf = (id: string) => episodeTop(strip().querySelector<HTMLElement>(`[data-episode-id="${id}"]`)!)
    const heightOf = (id: string) => pagesOf(id) * PAGE_PX
    // Read to the end of 401, into 402, to the end of 402 and into 403.
    scrollTo(heightOf('401') - VIEWPORT_PX)
    await within(strip()).findByRole('heading', { name: 'Episode 2' })
    scrollTo(topOf('402') + PAGE_PX)
    rerenderAt('402')
    scrollTo(topOf('402') + heightOf('402') - VIEWPORT_PX)
    await within(strip()).findByRole('heading', { name: 'Episode 3' })
    scrollTo(topOf('403') + PAGE_PX)
    rerenderAt('403')
    const first = strip().querySelector<HTMLElement>('[data-episode-id="401"]')!
    await waitFor(() => expect(first.querySelectorAll('img')).toHaveLength(0))
    expect(first.querySelectorAll('[data-page-index]')).toHaveLength(pagesOf('401'))
    expect(strip().querySelector('[data-episode-id="402"] img')).not.toBeNull()
  })

  /** Reads episode `chapterId` to its end: the strip ends there, on the end card naming the next episode. */
  async function endsOnItsEndCard(options: KitOptions, chapterId: string, nextTitle: string) {
    const { layOut, scrollTo } = renderContinuous({ chapterId }, options)
    await screen.findByAltText(`Page 1 of ${pagesOf(chapterId)}`)
    layOut()
    scrollTo(pagesOf(chapterId) * PAGE_PX - VIEWPORT_PX)
    const endCard = strip().querySelector<HTMLElement>('.comics-reader__end')!
    await waitFor(() => expect(within(endCard).getByText(nextTitle)).toBeInTheDocument())
    expect(episodesInStrip()).toEqual([chapterId])
    expect(within(strip()).queryByRole('heading', { name: nextTitle })).toBeNull()
  }

  it('stops at a lock: a next episode this reader may not open does not join, the end card offers it', async () => {
    await endsOnItsEndCard({ viewer: 'free' }, '403', 'Episode 4')
  })

  it('one episode at a time (the default): nothing joins at the end', async () => {
    await endsOnItsEndCard({ storage: { comicsReaderSettings: 'null' } }, '401', 'Episode 2')
  })

  it('Next starts a new strip at the top of the next episode', async () => {
    const { layOut, scrollTo, navigate, rerenderAt } = renderContinuous()
    await screen.findByAltText(`Page 1 of ${pagesOf('401')}`)
    layOut()
    scrollTo(pagesOf('401') * PAGE_PX - VIEWPORT_PX)
    await within(strip()).findByRole('heading', { name: 'Episode 2' })
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/comic/4/402'))
    rerenderAt('402')
    expect(episodesInStrip()).toEqual(['402'])
    expect(strip().scrollTop).toBe(0)
  })
})
