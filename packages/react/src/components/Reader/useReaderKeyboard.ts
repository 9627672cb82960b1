import { useEffect, useRef, type RefObject } from 'react'

/** Line and page steps of the scroll keys, as a browser scrolls a focused container. */
const LINE_PX = 40
const PAGE_FRACTION = 0.9

function scrollStep(event: KeyboardEvent, viewportHeight: number): number | null {
  const page = viewportHeight * PAGE_FRACTION
  switch (event.key) {
    case ' ':
      return event.shiftKey ? -page : page
    case 'PageDown':
      return page
    case 'PageUp':
      return -page
    case 'ArrowDown':
      return LINE_PX
    case 'ArrowUp':
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
}

/**
 * The reader's keys. '[' or Shift+ArrowLeft: previous episode; ']' or Shift+ArrowRight: next episode.
 * Space, Shift+Space, PageDown, PageUp, ArrowDown and ArrowUp scroll the strip natively while it has
 * focus; when focus has fallen to the page body (a click outside, a removed control) they scroll the
 * strip here and give it focus back.
 */
export function useReaderKeyboard({ scroller, active, onPrev, onNext }: ReaderKeyboardOptions) {
  const latest = useRef({ active, onPrev, onNext })
  useEffect(() => {
    latest.current = { active, onPrev, onNext }
  })

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!latest.current.active || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (belongsElsewhere(event.target)) return
      if (event.key === '[' || (event.shiftKey && event.key === 'ArrowLeft')) {
        event.preventDefault()
        latest.current.onPrev()
        return
      }
      if (event.key === ']' || (event.shiftKey && event.key === 'ArrowRight')) {
        event.preventDefault()
        latest.current.onNext()
        return
      }
      const element = scroller.current
      if (!element || (event.target !== document.body && event.target !== document.documentElement)) return
      const step = scrollStep(event, element.clientHeight)
      if (step === null) return
      event.preventDefault()
      element.scrollTop = Math.max(0, Math.min(element.scrollHeight - element.clientHeight, element.scrollTop + step))
      element.focus({ preventScroll: true })
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [scroller])
}
