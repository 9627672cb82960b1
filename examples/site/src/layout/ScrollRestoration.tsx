import { useEffect, useLayoutEffect, useRef, useState } from 'react'
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

/** The element a `#hash` names: its id as written, or percent-decoded (a malformed escape is taken as written). */
function elementNamedBy(hash: string): HTMLElement | null {
  const id = hash.slice(1)
  let decoded = id
  try {
    decoded = decodeURIComponent(id)
  } catch {
    // Not a valid escape: only the id as written can match.
  }
  return document.getElementById(decoded) ?? document.getElementById(id)
}

function documentWasRestored(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return entry?.type === 'reload' || entry?.type === 'back_forward'
}

/**
 * The page's scroll position across navigations, as the browser keeps it between documents: the top of a
 * new page (or the element its #hash names), the position an entry had on Back and Forward and after a
 * reload. Each history entry's position is recorded as the page scrolls, so nothing has to run before
 * the router changes the page.
 */
export function ScrollRestoration() {
  const { key: routerKey, pathname, search, hash } = useLocation()
  // The router has no key for an entry it did not make (the page's first, or one opened by its URL):
  // such entries are told apart by their address, or every page opened anew would share one position.
  const key = routerKey === 'default' ? `default:${pathname}${search}` : routerKey
  const navigationType = useNavigationType()
  const [saved] = useState(readPositions)
  const currentKey = useRef(key)
  const navigated = useRef(false)

  useEffect(() => {
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
  }, [saved])

  // Before paint, once the new page is in the document.
  useLayoutEffect(() => {
    if (currentKey.current !== key) navigated.current = true
    currentKey.current = key
    // Before any navigation, only a reload or a Back/Forward into this document restores: an address
    // opened anew starts at the top even when the tab has been there before.
    const restores = navigated.current || documentWasRestored()
    if (navigationType === 'POP' && restores && typeof saved[key] === 'number') {
      window.scrollTo(0, saved[key])
      return
    }
    const target = hash ? elementNamedBy(hash) : null
    if (target) target.scrollIntoView()
    else if (navigationType !== 'POP') window.scrollTo(0, 0)
  }, [saved, key, hash, navigationType])

  return null
}
