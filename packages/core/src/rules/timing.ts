/** Limits and timings of spec §9, shared by the UI kit and the site. */
export const LAST_READ_LIMIT = 5
export const PAGE_SIZE = 200
export const HOME_NEW_COMICS = 10
export const FEATURED_COUNT = 3
export const COOKIE_BANNER_DELAY_MS = 1000
export const READER_CHROME_EDGE_PX = 10
export const CARD_CLICK_MAX_MS = 200
export const CARD_CLICK_MAX_MOVE_PX = 5
export const MOBILE_BREAKPOINT_PX = 768
export const SLIDER_SPEED_MS = 500
export const AUTH_POPUP_SIZE = Object.freeze({ width: 500, height: 600 })
export const TOKEN_MAX_AGE_MS = 5 * 60 * 1000

/**
 * A pointer gesture on a slider card is a click only when it lasts at most 200 ms and moves at most
 * 5 px in each direction; otherwise it is a drag and the click is cancelled (spec §4).
 */
export function isCardClick(gesture: { durationMs: number; dx: number; dy: number }): boolean {
  return (
    gesture.durationMs <= CARD_CLICK_MAX_MS &&
    Math.abs(gesture.dx) <= CARD_CLICK_MAX_MOVE_PX &&
    Math.abs(gesture.dy) <= CARD_CLICK_MAX_MOVE_PX
  )
}

/**
 * The reader's header and footer show only at the top of the page or within 10 px of its bottom
 * (spec §4).
 */
export function isReaderChromeVisible(scroll: {
  scrollTop: number
  viewportHeight: number
  contentHeight: number
}): boolean {
  if (scroll.scrollTop <= 0) return true
  return scroll.contentHeight - (scroll.scrollTop + scroll.viewportHeight) <= READER_CHROME_EDGE_PX
}

/** Retry delay for a failed page image: min(1000 * 2^n, 30000) ms. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000)
}
