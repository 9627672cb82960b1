import { useEffect, useRef, type RefObject } from 'react'

/** Line and page steps of the scroll keys, as a browser scrolls a focused container. */
const LINE_PX = 40
const PAGE_FRACTION = 0.9

/** What a reader's shortcut does. */
export type ReaderShortcutAction =
  | 'pageDown'
  | 'pageUp'
  | 'scrollDown'
  | 'scrollUp'
  | 'prevEpisode'
  | 'nextEpisode'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomReset'
  | 'autoScroll'
  | 'autoScrollSlower'
  | 'autoScrollFaster'
  | 'help'

/**
 * One key of a shortcut: `shift` true or false when it matters, absent when either will do; `mod` when it
 * is pressed with Ctrl (Cmd on a Mac), which no other shortcut is.
 */
export interface ReaderShortcutKey {
  key: string
  shift?: boolean
  mod?: boolean
}

/**
 * The reader's keyboard shortcuts: what the reader does on each key, and what its shortcut list shows
 * (`ReaderShortcutsDialog`), from this one table.
 */
export const READER_SHORTCUTS: readonly { action: ReaderShortcutAction; keys: readonly ReaderShortcutKey[] }[] = [
  { action: 'pageDown', keys: [{ key: ' ', shift: false }, { key: 'PageDown' }] },
  { action: 'pageUp', keys: [{ key: ' ', shift: true }, { key: 'PageUp' }] },
  { action: 'scrollDown', keys: [{ key: 'ArrowDown' }] },
  { action: 'scrollUp', keys: [{ key: 'ArrowUp' }] },
  { action: 'prevEpisode', keys: [{ key: '[' }, { key: 'ArrowLeft', shift: true }] },
  { action: 'nextEpisode', keys: [{ key: ']' }, { key: 'ArrowRight', shift: true }] },
  { action: 'zoomIn', keys: [{ key: '+', mod: true }] },
  { action: 'zoomOut', keys: [{ key: '-', mod: true }] },
  { action: 'zoomReset', keys: [{ key: '0', mod: true }] },
  { action: 'autoScroll', keys: [{ key: 'a' }] },
  { action: 'autoScrollSlower', keys: [{ key: '-' }] },
  { action: 'autoScrollFaster', keys: [{ key: '+' }, { key: '=' }] },
  { action: 'help', keys: [{ key: '?' }] },
]

/** The zoom keys as typed without Shift on most layouts (Ctrl + = zooms in a browser too). */
const UNSHIFTED: Record<string, string> = { '=': '+', _: '-' }

/** The shortcut a key press is, if any. Alt never makes one. */
export function readerShortcutOf(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>): ReaderShortcutAction | null {
  if (event.altKey) return null
  const mod = event.ctrlKey || event.metaKey
  const pressed = mod ? (UNSHIFTED[event.key] ?? event.key) : event.key
  for (const { action, keys } of READER_SHORTCUTS) {
    if (keys.some(({ key, shift, mod: withMod = false }) => key === pressed && withMod === mod && (shift === undefined || shift === event.shiftKey))) return action
  }
  return null
}

function scrollStep(action: ReaderShortcutAction, viewportHeight: number): number | null {
  const page = viewportHeight * PAGE_FRACTION
  switch (action) {
    case 'pageDown':
      return page
    case 'pageUp':
      return -page
    case 'scrollDown':
      return LINE_PX
    case 'scrollUp':
      return -LINE_PX
    default:
      return null
  }
}

/** Typing and other dialogs keep their keys. */
function belongsElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return true
  return target.closest('[aria-modal="true"]') !== null
}

export interface ReaderKeyboardOptions {
  scroller: RefObject<HTMLElement | null>
  /** False while an overlay or modal is open. */
  active: boolean
  onPrev(): void
  onNext(): void
  /** '?': the list of shortcuts. */
  onHelp?(): void
  /** Ctrl/Cmd + '+', '-' and '0': the strip's zoom (the browser's own zoom of the page does not act). */
  onZoom?(action: 'zoomIn' | 'zoomOut' | 'zoomReset'): void
  /** 'a': plays or pauses auto-scroll. */
  onAutoScroll?(): void
  /** '-' and '+' (or '='): a slower or a faster auto-scroll speed. */
  onAutoScrollSpeed?(change: -1 | 1): void
}

/**
 * The reader's keys ({@link READER_SHORTCUTS}). '[' or Shift+ArrowLeft: previous episode; ']' or
 * Shift+ArrowRight: next episode; 'a': auto-scroll on or off; '-' and '+': its speed; '?': the shortcut
 * list; Ctrl/Cmd + '+' (or '='), '-' and '0': the strip's zoom in, out and back to 1 (`onZoom`). Space,
 * Shift+Space, PageDown, PageUp, ArrowDown and ArrowUp scroll the strip natively while it has focus; when
 * focus has fallen to the page body (a click outside, a removed control) they scroll the strip here and give
 * it focus back.
 */
export function useReaderKeyboard({ scroller, active, onPrev, onNext, onHelp, onZoom, onAutoScroll, onAutoScrollSpeed }: ReaderKeyboardOptions) {
  const latest = useRef({ active, onPrev, onNext, onHelp, onZoom, onAutoScroll, onAutoScrollSpeed })
  useEffect(() => {
    latest.current = { active, onPrev, onNext, onHelp, onZoom, onAutoScroll, onAutoScrollSpeed }
  })

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!latest.current.active || event.defaultPrevented) return
      if (belongsElsewhere(event.target)) return
      const action = readerShortcutOf(event)
      if (action === null) return
      const { onPrev, onNext, onHelp, onZoom, onAutoScroll, onAutoScrollSpeed } = latest.current
      const command: Partial<Record<ReaderShortcutAction, (() => void) | undefined>> = {
        prevEpisode: onPrev,
        nextEpisode: onNext,
        help: onHelp,
        zoomIn: onZoom && (() => onZoom('zoomIn')),
        zoomOut: onZoom && (() => onZoom('zoomOut')),
        zoomReset: onZoom && (() => onZoom('zoomReset')),
        autoScroll: onAutoScroll,
        autoScrollSlower: onAutoScrollSpeed && (() => onAutoScrollSpeed(-1)),
        autoScrollFaster: onAutoScrollSpeed && (() => onAutoScrollSpeed(1)),
      }
      if (action in command) {
        const run = command[action]
        if (!run) return
        event.preventDefault()
        run()
        return
      }
      const element = scroller.current
      if (!element || (event.target !== document.body && event.target !== document.documentElement)) return
      const step = scrollStep(action, element.clientHeight)
      if (step === null) return
      event.preventDefault()
      element.scrollTop = Math.max(0, Math.min(element.scrollHeight - element.clientHeight, element.scrollTop + step))
      element.focus({ preventScroll: true })
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [scroller])
}
