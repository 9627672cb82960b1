import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** Where the positions are kept across a reload of the tab (sessionStorage, like the browser's own). */
export const SCROLL_POSITIONS_KEY = 'site-scroll-positions'

/**
 * At most this many history entries' positions are kept, the most recently visited: a tab's history is
 * bounded too (Chromium keeps 50 entries), so older ones cannot be gone back to, and without a bound a
 * long session grew the stored list with every page it opened.
 */
export const MAX_SCROLL_POSITIONS = 100

/**
 * The positions as stored: `[key, scrollY]` pairs, oldest visit first. An unreadable value, or one in
 * the earlier shape (an object by key), is read as well as it can be: nothing, or its entries.
 */
export function readPositions(stored: string | null): Map<string, number> {
  try {
    const value: unknown = JSON.parse(stored ?? '[]')
    const pairs = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.entries(value) : []
    return new Map(
      pairs.filter((pair): pair is [string, number] => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'number'),
    )
  } catch {
    return new Map()
  }
}

/** What is stored: the `max` most recently visited entries' positions, oldest first. */
export function storedPositions(positions: Map<string, number>, max = MAX_SCROLL_POSITIONS): string {
  return JSON.stringify([...positions].slice(-max))
}

/** Marks `key` as the most recently visited entry (a Map keeps its keys in insertion order). */
function visit(positions: Map<string, number>, key: string): void {
  const position = positions.get(key)
  if (position === undefined) return
  positions.delete(key)
  positions.set(key, position)
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
  const [saved] = useState(() => {
    try {
      return readPositions(sessionStorage.getItem(SCROLL_POSITIONS_KEY))
    } catch {
      return new Map<string, number>()
    }
  })
  const currentKey = useRef(key)
  const navigated = useRef(false)

  useEffect(() => {
    const record = () => {
      saved.set(currentKey.current, window.scrollY)
    }
    const persist = () => {
      record()
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, storedPositions(saved))
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
    visit(saved, key)
    const position = saved.get(key)
    // Before any navigation, only a reload or a Back/Forward into this document restores: an address
    // opened anew starts at the top even when the tab has been there before.
    const restores = navigated.current || documentWasRestored()
    if (navigationType === 'POP' && restores && position !== undefined) {
      window.scrollTo(0, position)
      return
    }
    const target = hash ? elementNamedBy(hash) : null
    if (target) target.scrollIntoView()
    else if (navigationType !== 'POP') window.scrollTo(0, 0)
  }, [saved, key, hash, navigationType])

  return null
}
