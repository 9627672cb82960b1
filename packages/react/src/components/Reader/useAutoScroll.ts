import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'

/**
 * Why auto-scroll is not running: the reader paused it ('reader': the button or the key), touched,
 * clicked or wheeled the strip ('touch'), the tab was hidden ('hidden'), a dialog opened ('dialog'), the
 * episode ended ('end': its end card came into view) or a lock was reached ('lock': the end card offers
 * the locked next episode's unlock choice, or this episode is refused).
 */
export type AutoScrollStop = 'reader' | 'touch' | 'hidden' | 'dialog' | 'end' | 'lock'

export interface AutoScrollState {
  playing: boolean
  /** Why it stopped last; null before it ever ran in this episode. */
  stoppedBy: AutoScrollStop | null
}

export interface AutoScrollOptions {
  scroller: RefObject<HTMLElement | null>
  /** The end of the episode (the end card): auto-scroll stops as it comes into view. */
  end: RefObject<HTMLElement | null>
  /** CSS pixels per second (core `READER_SCROLL_SPEED_PX_PER_S`). */
  pxPerSecond: number
  /** The episode shown: a new one stops auto-scroll, and continues it only as {@link AutoScrollOptions.canStart} allows. */
  episodeKey: string
  /** The pages are shown and the first has arrived: auto-scroll may run. */
  canStart: boolean
  /** The end is a lock: the next episode is locked for this reader. */
  endIsLock: boolean
  /** This episode is refused (its unlock choice shows instead of the pages). */
  locked: boolean
  /** A dialog is open over the reader. */
  covered: boolean
}

/** A frame later than this (a busy main thread, a tab coming back) moves no further than this would. */
const MAX_FRAME_MS = 100

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * Auto-scroll of the reader's strip: moves it at `pxPerSecond` from one animation frame to the next (by
 * the time between them, so a slow frame does not slow it down), in whole pixels, with no layout read
 * but the strip's own scroll position. It stops for the reader's touch, pointer-down or wheel on the
 * strip, a hidden tab, a dialog, the episode's end and a lock. Having stopped at an episode's end, it
 * starts again by itself in the next episode the reader opens, once its first page is in, unless the
 * reader prefers reduced motion: then it never starts unless the reader presses play.
 */
export function useAutoScroll({ scroller, end, pxPerSecond, episodeKey, canStart, endIsLock, locked, covered }: AutoScrollOptions) {
  const [state, setState] = useState<AutoScrollState>({ playing: false, stoppedBy: null })
  const latest = useRef({ state, pxPerSecond, endIsLock })
  useEffect(() => {
    latest.current = { state, pxPerSecond, endIsLock }
  })

  const stop = useCallback((stoppedBy: AutoScrollStop) => setState((current) => (current.playing ? { playing: false, stoppedBy } : current)), [])
  const play = useCallback(() => setState({ playing: true, stoppedBy: null }), [])
  const toggle = useCallback(() => setState((current) => (current.playing ? { playing: false, stoppedBy: 'reader' } : { playing: true, stoppedBy: null })), [])

  // A new episode: stopped; one opened while running, or after the last one was read to its end,
  // continues once its first page is in.
  const [continueIn, setContinueIn] = useState<string | null>(null)
  const shownEpisode = useRef(episodeKey)
  useEffect(() => {
    if (shownEpisode.current === episodeKey) return
    shownEpisode.current = episodeKey
    const { playing, stoppedBy } = latest.current.state
    setContinueIn(playing || stoppedBy === 'end' ? episodeKey : null)
    setState({ playing: false, stoppedBy: null })
  }, [episodeKey])
  useEffect(() => {
    if (continueIn !== episodeKey || !canStart) return
    setContinueIn(null)
    if (!prefersReducedMotion()) play()
  }, [continueIn, episodeKey, canStart, play])

  const { playing } = state
  useEffect(() => {
    if (playing && locked) stop('lock')
    else if (playing && covered) stop('dialog')
  }, [playing, locked, covered, stop])

  useEffect(() => {
    const element = scroller.current
    if (!playing || !element) return
    let frame = 0
    let last: number | null = null
    let carry = 0
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick)
      const elapsed = last === null ? 0 : Math.min(now - last, MAX_FRAME_MS)
      last = now
      carry += (latest.current.pxPerSecond * elapsed) / 1000
      const step = Math.floor(carry)
      if (step < 1) return
      carry -= step
      const before = element.scrollTop
      element.scrollTop = before + step
      // Nothing further to scroll (an episode without an end card, a short one): its end.
      if (element.scrollTop <= before) stop('end')
    }
    frame = requestAnimationFrame(tick)

    const byReader = () => stop('touch')
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') stop('hidden')
    }
    element.addEventListener('pointerdown', byReader, { passive: true })
    element.addEventListener('touchstart', byReader, { passive: true })
    element.addEventListener('wheel', byReader, { passive: true })
    document.addEventListener('visibilitychange', onVisibility)

    // The end card coming into view is the episode's end, or a lock when it offers the next episode's unlock.
    const endCard = end.current
    const observer =
      endCard && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) stop(latest.current.endIsLock ? 'lock' : 'end')
          }, { root: element })
        : null
    if (endCard) observer?.observe(endCard)

    return () => {
      cancelAnimationFrame(frame)
      element.removeEventListener('pointerdown', byReader)
      element.removeEventListener('touchstart', byReader)
      element.removeEventListener('wheel', byReader)
      document.removeEventListener('visibilitychange', onVisibility)
      observer?.disconnect()
    }
  }, [playing, scroller, end, stop])

  return { ...state, play, toggle, stop }
}
