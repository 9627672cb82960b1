import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** Where the positions are kept across a reload of the tab (sessionStorage, like the browser's own). */
export const SCROLL_POSITIONS_KEY = 'site-scroll-positions'

function readPositions(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}')
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {}
  } catch {
    return {}
  }
}

/**
 * The page's scroll position across navigations, as the browser keeps it between documents: the top of a
 * new page (or the element its #hash names), the position an entry had on Back and Forward and after a
 * reload. Each history entry's position is recorded as the page scrolls, so nothing has to run before
 * the router changes the page.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation()
  const navigationType = useNavigationType()
  const positions = useRef<Record<string, number> | null>(null)
  const currentKey = useRef(key)

  useEffect(() => {
    const saved = (positions.current ??= readPositions())
    const record = () => {
      saved[currentKey.current] = window.scrollY
    }
    const persist = () => {
      record()
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(saved))
      } catch {
        // Storage full or refused: positions still hold for this document.
      }
    }
    window.history.scrollRestoration = 'manual'
    window.addEventListener('scroll', record, { passive: true })
    window.addEventListener('pagehide', persist)
    return () => {
      window.removeEventListener('scroll', record)
      window.removeEventListener('pagehide', persist)
      window.history.scrollRestoration = 'auto'
    }
  }, [])

  // Before paint, once the new page is in the document.
  useLayoutEffect(() => {
    currentKey.current = key
    const saved = (positions.current ??= readPositions())
    if (navigationType === 'POP' && typeof saved[key] === 'number') {
      window.scrollTo(0, saved[key])
      return
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (target) target.scrollIntoView()
    else if (navigationType !== 'POP') window.scrollTo(0, 0)
  }, [key, hash, navigationType])

  return null
}
