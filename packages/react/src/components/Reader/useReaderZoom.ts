import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type RefObject } from 'react'

/** The strip's zoom: from its own size to three times it. */
export const READER_ZOOM_MIN = 1
export const READER_ZOOM_MAX = 3
/** The levels the zoom control and Ctrl/Cmd + and − step through. */
export const READER_ZOOM_STEPS: readonly number[] = [1, 1.25, 1.5, 2, 2.5, 3]
/** A double tap on the unzoomed strip zooms to this level; on a zoomed one, back to 1. */
export const READER_DOUBLE_TAP_ZOOM = 2
/**
 * Two taps closer in time than this (and in place than {@link DOUBLE_TAP_SLOP_PX}) are a double tap. A
 * single tap on a touch screen toggles the header and footer once this has passed without a second.
 */
export const DOUBLE_TAP_MS = 300
const DOUBLE_TAP_SLOP_PX = 32
/** Ctrl + wheel (a trackpad's pinch, or the wheel with Ctrl held): the zoom's factor per pixel of wheel. */
const WHEEL_PX_PER_E = 150
const WHEEL_MAX_PX = 40

/** A point in the strip's viewport (from its top left corner), or of its unzoomed content. */
interface Point {
  x: number
  y: number
}

const zooms = new WeakMap<Element, number>()

/**
 * The zoom of a reader's strip (1 when not zoomed). Its scroll offsets (`scrollTop`, `scrollLeft`) are this
 * many times the pages' own offsets (`offsetTop`), which the zoom leaves as they are.
 */
export function stripZoom(scroller: Element): number {
  return zooms.get(scroller) ?? 1
}

export const clampZoom = (zoom: number) => Math.min(READER_ZOOM_MAX, Math.max(READER_ZOOM_MIN, zoom))

/** The next level of {@link READER_ZOOM_STEPS} above (`1`) or below (`-1`) a zoom, which may lie between two. */
export function zoomStep(zoom: number, direction: 1 | -1): number {
  const steps = direction > 0 ? READER_ZOOM_STEPS : [...READER_ZOOM_STEPS].reverse()
  return steps.find((step) => (step - zoom) * direction > 0.001) ?? (direction > 0 ? READER_ZOOM_MAX : READER_ZOOM_MIN)
}

/**
 * The scroll offsets that put the content's point `content` (in unzoomed pixels from the strip's top left)
 * at `at` in the strip's viewport, at zoom `zoom`. The strip scales from its top left corner, so that
 * point is at `content × zoom` in the scrolled content.
 */
export function scrollFor(content: Point, at: Point, zoom: number): { left: number; top: number } {
  return { left: content.x * zoom - at.x, top: content.y * zoom - at.y }
}

/** The content's point (unzoomed) at `at` in the strip's viewport. */
function contentAt(scroller: HTMLElement, at: Point): Point {
  const zoom = stripZoom(scroller)
  return { x: (scroller.scrollLeft + at.x) / zoom, y: (scroller.scrollTop + at.y) / zoom }
}

/** A point of the window (a pointer's clientX, clientY) in the strip's viewport. */
function viewportPoint(scroller: HTMLElement, clientX: number, clientY: number): Point {
  const box = scroller.getBoundingClientRect()
  return { x: clientX - box.left - scroller.clientLeft, y: clientY - box.top - scroller.clientTop }
}

const middleOf = (scroller: HTMLElement): Point => ({ x: scroller.clientWidth / 2, y: scroller.clientHeight / 2 })

export interface ReaderZoom {
  /** The zoom, 1 to 3. */
  zoom: number
  zoomIn(): void
  zoomOut(): void
  reset(): void
  /**
   * A click on the strip: a mouse's (or a key's) calls `toggle` at once; a touch screen's waits
   * {@link DOUBLE_TAP_MS} for a second tap, which zooms instead (and does not toggle).
   */
  onStripClick(event: MouseEvent<HTMLElement>, toggle: () => void): void
  /** Remembers the kind of pointer that pressed, which tells a tap from a click. */
  onPointerDown(event: { pointerType: string }): void
  /**
   * For the strip's scroll listener: whether the strip is where the zoom last put it (the scroll is the
   * zoom's, not the reader's). Asked once per scroll event.
   */
  scrolledByZoom(): boolean
}

/**
 * The zoom of the reader's strip. `content` (everything that scrolls in the strip) is scaled with a CSS
 * transform from its top left corner, which moves no box (no layout shift, the pages' offsets stay) and
 * makes the strip scroll both ways: panning is the strip's own scroll, by finger, wheel, scroll bar or
 * arrow keys. Every change of zoom sets the scroll offsets so that the point under the fingers (a pinch),
 * the tap (a double tap), the pointer (Ctrl + wheel, a trackpad's pinch) or the middle of the strip (the
 * control, the keys) stays where it is; the page in view stays in view.
 *
 * Pinch: two fingers, by touch events, whose moves are taken from the browser (`preventDefault`: it
 * neither scrolls nor zooms the page meanwhile). Double tap: 1 to {@link READER_DOUBLE_TAP_ZOOM}, and back
 * to 1. The zoom goes back to 1 when `episode` changes. The strip carries `data-zoomed` while zoomed.
 */
export function useReaderZoom(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, episode: string): ReaderZoom {
  const [zoom, setZoom] = useState(1)
  // Where the zoom last put the strip, until its scroll event has been told apart.
  const placed = useRef<{ left: number; top: number } | null>(null)

  /** Shows the content's point `point` at `at` in the strip's viewport, at zoom `to` (within bounds). */
  const zoomTo = useCallback(
    (to: number, point: Point, at: Point) => {
      const element = scroller.current
      const inner = content.current
      if (!element || !inner) return
      const next = clampZoom(to)
      zooms.set(element, next)
      // The transform first: the strip's scroll range grows with it, and the offsets below fit in it.
      inner.style.transform = next === 1 ? '' : `scale(${next})`
      if (next === 1) delete element.dataset.zoomed
      else element.dataset.zoomed = ''
      const { left, top } = scrollFor(point, at, next)
      element.scrollLeft = left
      element.scrollTop = top
      placed.current = { left: element.scrollLeft, top: element.scrollTop }
      setZoom(next)
    },
    [scroller, content],
  )
  /** Zooms to `to` keeping the point at `at` (the strip's middle by default) still. */
  const zoomAround = useCallback(
    (to: number, at?: Point) => {
      const element = scroller.current
      if (!element) return
      const focus = at ?? middleOf(element)
      zoomTo(to, contentAt(element, focus), focus)
    },
    [scroller, zoomTo],
  )

  // A new episode opens at its own size. Before the reader's own layout effects (declared after this
  // hook), which put the strip at its top and may restore a saved position, in unzoomed offsets.
  const shown = useRef(episode)
  useLayoutEffect(() => {
    if (shown.current === episode) return
    shown.current = episode
    const element = scroller.current
    if (element && stripZoom(element) !== 1) zoomTo(1, { x: 0, y: 0 }, { x: 0, y: 0 })
  }, [episode, scroller, zoomTo])

  // Pinch (two fingers) and Ctrl + wheel. Listeners of the element itself: React's touch and wheel
  // listeners are passive, and these must keep the browser from scrolling or zooming the page.
  useEffect(() => {
    const element = scroller.current
    if (!element) return
    let pinch: { from: number; distance: number; point: Point } | null = null
    const fingers = (event: TouchEvent) => {
      const [a, b] = [event.touches[0]!, event.touches[1]!]
      return {
        at: viewportPoint(element, (a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2),
        distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
      }
    }
    // A pinch starts when the second finger lands, and starts again from where it is if one of three lifts.
    const begin = (event: TouchEvent) => {
      if (event.touches.length !== 2) {
        pinch = null
        return
      }
      const { at, distance } = fingers(event)
      pinch = { from: stripZoom(element), distance: Math.max(1, distance), point: contentAt(element, at) }
    }
    const move = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return
      if (event.cancelable) event.preventDefault()
      const { at, distance } = fingers(event)
      // The point that was under the fingers' middle when they landed stays under it as they move.
      zoomTo((pinch.from * distance) / pinch.distance, pinch.point, at)
    }
    const wheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return
      event.preventDefault()
      const pixels = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY
      const step = Math.max(-WHEEL_MAX_PX, Math.min(WHEEL_MAX_PX, pixels))
      zoomAround(stripZoom(element) * Math.exp(-step / WHEEL_PX_PER_E), viewportPoint(element, event.clientX, event.clientY))
    }
    element.addEventListener('touchstart', begin, { passive: true })
    element.addEventListener('touchmove', move, { passive: false })
    element.addEventListener('touchend', begin, { passive: true })
    element.addEventListener('touchcancel', begin, { passive: true })
    element.addEventListener('wheel', wheel, { passive: false })
    return () => {
      element.removeEventListener('touchstart', begin)
      element.removeEventListener('touchmove', move)
      element.removeEventListener('touchend', begin)
      element.removeEventListener('touchcancel', begin)
      element.removeEventListener('wheel', wheel)
    }
  }, [scroller, zoomTo, zoomAround])

  // Taps: a touch's click waits for a possible second tap.
  const pointerType = useRef('')
  const lastTap = useRef<{ time: number; x: number; y: number } | null>(null)
  const tapTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const forgetTap = useCallback(() => {
    clearTimeout(tapTimer.current)
    lastTap.current = null
  }, [])
  useEffect(() => forgetTap, [episode, forgetTap])

  const onStripClick = useCallback(
    (event: MouseEvent<HTMLElement>, toggle: () => void) => {
      if (pointerType.current !== 'touch') {
        toggle()
        return
      }
      const tap = { time: event.timeStamp, x: event.clientX, y: event.clientY }
      const previous = lastTap.current
      forgetTap()
      if (previous && tap.time - previous.time < DOUBLE_TAP_MS && Math.hypot(tap.x - previous.x, tap.y - previous.y) < DOUBLE_TAP_SLOP_PX) {
        const element = scroller.current
        if (element) zoomAround(stripZoom(element) === 1 ? READER_DOUBLE_TAP_ZOOM : 1, viewportPoint(element, tap.x, tap.y))
        return
      }
      lastTap.current = tap
      tapTimer.current = setTimeout(() => {
        lastTap.current = null
        toggle()
      }, DOUBLE_TAP_MS)
    },
    [forgetTap, scroller, zoomAround],
  )
  const onPointerDown = useCallback((event: { pointerType: string }) => {
    pointerType.current = event.pointerType
  }, [])

  // From the strip's zoom, not the render's: two presses before the next render make two steps.
  const step = (direction: 1 | -1) => {
    const element = scroller.current
    if (element) zoomAround(zoomStep(stripZoom(element), direction))
  }
  const scrolledByZoom = useCallback(() => {
    const element = scroller.current
    const at = placed.current
    placed.current = null
    return Boolean(element && at && Math.abs(element.scrollLeft - at.left) < 1 && Math.abs(element.scrollTop - at.top) < 1)
  }, [scroller])
  return {
    zoom,
    scrolledByZoom,
    zoomIn: () => step(1),
    zoomOut: () => step(-1),
    reset: () => zoomAround(1),
    onStripClick,
    onPointerDown,
  }
}
