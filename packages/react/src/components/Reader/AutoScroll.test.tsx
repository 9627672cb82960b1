import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockPageCount } from '@comics/mocks'
import { renderWithKit } from '../../../test/render'
import { Reader } from './Reader'

const PAGES = mockPageCount('4', '401', 1)
const strip = () => screen.getByRole('region', { name: /Episode|List Episodes/ })
const toggle = () => screen.getByRole('button', { name: 'Auto-scroll' })
const readerOf = (container: HTMLElement) => container.querySelector<HTMLElement>('.comics-reader')!

/** The reader with its first page in, and a strip jsdom lets scroll (it lays nothing out): 5000 px tall, 900 px shown. */
async function openReader() {
  const kit = renderWithKit(<Reader comicId="4" chapterId="401" />)
  fireEvent.load(await screen.findByAltText(`Page 1 of ${PAGES}`))
  let top = 0
  Object.defineProperty(strip(), 'clientHeight', { configurable: true, value: 900 })
  Object.defineProperty(strip(), 'scrollHeight', { configurable: true, value: 5000 })
  Object.defineProperty(strip(), 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = Math.max(0, Math.min(4100, value))
    },
  })
  await waitFor(() => expect(toggle()).toBeEnabled())
  return { ...kit, reader: readerOf(kit.container) }
}

describe('Reader auto-scroll', () => {
  it('waits for the first page; then the toggle and "a" play and pause it, and the strip moves by itself meanwhile', async () => {
    const { reader } = await openReader()
    expect(toggle()).toHaveAttribute('aria-pressed', 'false')
    expect(reader.dataset.autoscroll).toBe('paused')
    fireEvent.click(toggle())
    expect(toggle()).toHaveAttribute('aria-pressed', 'true')
    expect(reader.dataset.autoscroll).toBe('playing')
    await waitFor(() => expect(strip().scrollTop).toBeGreaterThan(3))
    fireEvent.keyDown(document.body, { key: 'a' })
    expect(reader.dataset).toMatchObject({ autoscroll: 'paused', autoscrollStop: 'reader' })
    fireEvent.keyDown(document.body, { key: 'a' })
    expect(reader.dataset.autoscroll).toBe('playing')
    expect(reader.dataset.autoscrollStop).toBeUndefined()
  })

  it.each([
    ['pointerdown', 'touch'],
    ['touchstart', 'touch'],
    ['wheel', 'touch'],
  ] as const)('stops on %s on the strip', async (type, reason) => {
    const { reader } = await openReader()
    fireEvent.click(toggle())
    await waitFor(() => expect(strip().scrollTop).toBeGreaterThan(0))
    // A touch as a browser sends it: one finger on the strip (the zoom reads the touches too).
    const event = new Event(type, { bubbles: true })
    if (type === 'touchstart') Object.defineProperty(event, 'touches', { value: [{ clientX: 10, clientY: 10 }] })
    act(() => {
      strip().dispatchEvent(event)
    })
    expect(reader.dataset).toMatchObject({ autoscroll: 'paused', autoscrollStop: reason })
  })

  it('stops in a hidden tab, when a dialog opens, and at the bottom of the strip', async () => {
    const { reader } = await openReader()
    fireEvent.click(toggle())
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    try {
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'))
      })
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState
    }
    expect(reader.dataset).toMatchObject({ autoscroll: 'paused', autoscrollStop: 'hidden' })

    fireEvent.click(toggle())
    fireEvent.click(screen.getByRole('button', { name: 'Reader settings' }))
    expect(reader.dataset).toMatchObject({ autoscroll: 'paused', autoscrollStop: 'dialog' })
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    strip().scrollTop = 4095
    fireEvent.click(toggle())
    await waitFor(() => expect(reader.dataset).toMatchObject({ autoscroll: 'paused', autoscrollStop: 'end' }))
    expect(strip().scrollTop).toBe(4100)
  })

  it("'-' and '+' change the speed setting, within its choices", async () => {
    const { stores } = await openReader()
    const speed = () => stores.readerSettings.getSnapshot().settings.scrollSpeed
    expect(speed()).toBe('medium')
    fireEvent.keyDown(document.body, { key: '+' })
    expect(speed()).toBe('fast')
    fireEvent.keyDown(document.body, { key: '=' })
    expect(speed()).toBe('fast')
    fireEvent.keyDown(document.body, { key: '-' })
    fireEvent.keyDown(document.body, { key: '-' })
    fireEvent.keyDown(document.body, { key: '-' })
    expect(speed()).toBe('slow')
  })
})
