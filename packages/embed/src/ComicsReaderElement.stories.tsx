import type { Meta, StoryObj } from '@storybook/react-vite'
import { useLayoutEffect, useRef } from 'react'
import { expect, waitFor, within } from 'storybook/test'
import { MOCK_VIEWERS, type MockState } from '@comics/mocks'
import { kitStylesheet } from '../../../.storybook/kitStylesheet'
import { kitOf, type StoryKit } from '../../../.storybook/stories'
import { storyApiBaseUrl } from '../../../.storybook/kit'
import { withTallPage } from '../../../.storybook/tallPage'
import type { ComicsReaderElement } from './ComicsReaderElement'
import { defineComicsReader } from './defineComicsReader'

defineComicsReader(kitStylesheet)

/** Each story's token getter, by the global name its element's `token-getter` attribute gives. */
const tokenGetters = globalThis as unknown as Record<string, () => string | null>

interface EmbedArgs {
  comic: string
  episode: string
  /** The partner's theme (.storybook/partner-theme.css) on the element's container, outside the shadow root. */
  themed: boolean
  /** The page hands the token over through a `token-getter` function (else by `comics-token` events). */
  tokenGetter: boolean
}

/**
 * The element as a partner's page has it: created by plain DOM calls (no React of the page's own), in a
 * container the page themes with `--comics-*` properties; its events are logged on the host.
 */
function PartnerPage({ kit, comic, episode, themed, tokenGetter }: EmbedArgs & { kit: StoryKit }) {
  const container = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const getter = `storyComicsToken${kit.key}`
    tokenGetters[getter] = () => kit.viewer.token
    const reader = document.createElement('comics-reader')
    reader.setAttribute('api', storyApiBaseUrl(kit.key))
    reader.setAttribute('comic', comic)
    reader.setAttribute('episode', episode)
    if (tokenGetter) reader.setAttribute('token-getter', getter)
    reader.setAttribute('storage', 'memory')
    reader.setAttribute('site', 'https://comics.example')
    reader.style.height = '640px'
    const events: { type: string; detail: unknown }[] = []
    for (const type of ['episodechange', 'locked', 'progress', 'signin', 'navigate'] as const) {
      reader.addEventListener(type, (event: Event) => {
        events.push({ type, detail: (event as CustomEvent).detail })
        // The story's page stays where it is (a partner would route to the comic page).
        if (type === 'navigate') event.preventDefault()
      })
    }
    ;(reader as ComicsReaderElement & { events?: typeof events }).events = events
    container.current!.append(reader)
    return () => {
      reader.remove()
      delete tokenGetters[getter]
    }
  }, [kit, comic, episode, tokenGetter])
  return <div ref={container} className={themed ? 'partner-theme' : undefined} />
}

const meta = {
  title: 'Embed/<comics-reader>',
  args: { comic: '4', episode: '404', themed: true, tokenGetter: true },
  render: (args, context) => <PartnerPage {...args} kit={kitOf(context)} />,
} satisfies Meta<EmbedArgs>

export default meta
type Story = StoryObj<typeof meta>

const readerOf = (canvasElement: HTMLElement) => canvasElement.querySelector('comics-reader') as ComicsReaderElement & { events: { type: string; detail: unknown }[] }
/** Queries inside the element's shadow root (the page's own queries do not reach it). */
const inShadow = (reader: HTMLElement) => within(reader.shadowRoot as unknown as HTMLElement)

/**
 * A partner's page themes the reader from outside: the partner theme's colours and fonts, set on a
 * container of the element, reach the reader in its shadow root; what the theme leaves alone keeps the
 * kit's default. A level 1 reader (token from the page's getter) reads the locked episode 4 and goes to
 * the next one; the page hears `progress` and `episodechange`.
 */
export const PartnerTheme: Story = {
  globals: { viewer: 'level1' },
  play: async ({ canvasElement }) => {
    const reader = readerOf(canvasElement)
    const shadow = inShadow(reader)
    await shadow.findByRole('img', { name: /^Page 1 of/ })
    const next = await shadow.findByRole('button', { name: 'Next' })
    await waitFor(() => expect(next).toBeEnabled())
    await expect(getComputedStyle(next).backgroundColor).toBe('rgb(31, 111, 82)')
    await expect(getComputedStyle(shadow.getByRole('heading', { level: 1 })).fontFamily).toMatch(/^Georgia/)
    await expect(getComputedStyle(reader.shadowRoot!.querySelector('.comics-reader')!).backgroundColor).toBe('rgb(13, 13, 18)')
    await waitFor(() => expect(reader.events).toContainEqual(expect.objectContaining({ type: 'progress', detail: expect.objectContaining({ comicId: '4', chapterId: '404' }) })))

    next.click()
    await waitFor(() => expect(reader.getAttribute('episode')).toBe('405'))
    await expect(reader.events).toContainEqual({ type: 'episodechange', detail: { comicId: '4', chapterId: '405', previousChapterId: '404' } })
    await shadow.findByText('Episode 5')

    // Close reader leads to the comic on the partner's comics site; the page hears it first and may stay.
    const close = shadow.getByRole('link', { name: 'Close reader' })
    await expect(close).toHaveAttribute('href', 'https://comics.example/comic/4')
    close.click()
    await expect(reader.events).toContainEqual({ type: 'navigate', detail: { path: '/comic/4', url: 'https://comics.example/comic/4' } })
  },
}

/**
 * The auth hand-off: a guest is refused the locked episode, so the element tells the page `locked` and
 * asks it to sign the viewer in (`signin`: the kit renders no sign-in of its own here). The page, which
 * has no token getter, signs the viewer in and hands the token over with a `comics-token` event: the
 * pages show.
 */
export const LockedForAGuest: Story = {
  args: { themed: false, tokenGetter: false },
  globals: { viewer: 'guest' },
  play: async ({ canvasElement }) => {
    const reader = readerOf(canvasElement)
    const shadow = inShadow(reader)
    await waitFor(() => expect(reader.events).toContainEqual({ type: 'locked', detail: { comicId: '4', chapterId: '404', signedIn: false, status: 401 } }))
    await waitFor(() => expect(reader.events).toContainEqual({ type: 'signin', detail: { mode: 'sign-in' } }))
    await waitFor(() => expect(reader.shadowRoot!.querySelector('.comics-reader__status[data-state="locked"]')).not.toBeNull())

    const { user, token } = MOCK_VIEWERS.level1
    reader.dispatchEvent(new CustomEvent('comics-token', { detail: { token, uid: user!.uid } }))
    await shadow.findByRole('img', { name: /^Page 1 of/ })
    await expect(reader.shadowRoot!.querySelector('.comics-reader__status[data-state="locked"]')).toBeNull()
  },
}

/**
 * An episode written for readers who do not see it, in a partner's page: its page images carry their alt
 * text inside the element, and the header's Transcript opens the episode's script.
 */
export const Transcript: Story = {
  args: { comic: '7', episode: '702', themed: false },
  globals: { viewer: 'guest' },
  play: async ({ canvasElement }) => {
    const reader = readerOf(canvasElement)
    const shadow = inShadow(reader)
    await shadow.findByRole('img', { name: 'Two brothers on a coastal road at dawn, the sea behind them and mountains far ahead.' })
    ;(await shadow.findByRole('button', { name: 'Transcript' })).click()
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Transcript' }))
    await expect(await dialog.findByText('You said that yesterday.')).toBeVisible()
    await expect(dialog.getAllByRole('listitem')).toHaveLength(7)
  },
}

/**
 * A tall page on a partner's page: the element shows its tiles (the whole page is never asked for), as one
 * image named like any page, inside its shadow root with the kit's stylesheet.
 */
export const TallPageInTiles: Story = {
  args: { episode: '401' },
  globals: { viewer: 'level1' },
  parameters: { kit: { prepareState: (state: MockState) => withTallPage(state, '401', 1) } },
  play: async ({ canvasElement }) => {
    const reader = readerOf(canvasElement)
    const shadow = inShadow(reader)
    const page: HTMLElement = await shadow.findByRole('img', { name: /^Page 1 of/ })
    const tiles = [...page.querySelectorAll('img')]
    await expect(tiles).toHaveLength(3)
    for (const tile of tiles) await expect(tile.getAttribute('src')).toMatch(/^data:image\/svg\+xml,.*part%20\d%20of%203/)
    await waitFor(() => expect(reader.shadowRoot!.querySelector('[data-page-index="0"]')).toHaveAttribute('data-state', 'loaded'))
    const [first, second] = tiles.map((tile) => tile.getBoundingClientRect())
    await expect(Math.abs(second!.top - (first!.bottom - 1))).toBeLessThan(0.05)
  },
}
