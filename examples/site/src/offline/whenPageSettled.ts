import { APP_RUNNING_ATTRIBUTE } from '../app/documentMarks'

/** What `whenPageSettled` watches: the page's load, the app taking it over, the browser's idle time. */
export interface PageSignals {
  loaded(): boolean
  onLoad(then: () => void): void
  running(): boolean
  onRunning(then: () => void): void
  idle(then: () => void): void
}

/** An idle moment comes within this even on a page that stays busy. */
const IDLE_TIMEOUT_MS = 3000

/** The browser's: `load`, the app's APP_RUNNING_ATTRIBUTE on <html> (SiteApp sets it), requestIdleCallback. */
export function browserSignals(): PageSignals {
  const root = document.documentElement
  return {
    loaded: () => document.readyState === 'complete',
    onLoad: (then) => window.addEventListener('load', () => then(), { once: true }),
    running: () => root.hasAttribute(APP_RUNNING_ATTRIBUTE),
    onRunning: (then) => {
      const observer = new MutationObserver(() => {
        if (!root.hasAttribute(APP_RUNNING_ATTRIBUTE)) return
        observer.disconnect()
        then()
      })
      observer.observe(root, { attributes: true, attributeFilter: [APP_RUNNING_ATTRIBUTE] })
    },
    idle: (then) => (typeof requestIdleCallback === 'function' ? void requestIdleCallback(() => then(), { timeout: IDLE_TIMEOUT_MS }) : void setTimeout(then, 0)),
  }
}

/**
 * Runs `then` once, when the page has loaded, the app has taken it over (a server-rendered screen
 * hydrated, its chunk and first calls made) and the browser is next idle: work that needs the network or
 * the main thread but nothing of the first screen (the service worker's registration, which downloads its
 * precache) then does not compete with the screen's own requests and paint on a slow phone.
 */
export function whenPageSettled(then: () => void, signals: PageSignals = browserSignals()): void {
  const afterLoad = () => (signals.running() ? signals.idle(then) : signals.onRunning(() => signals.idle(then)))
  if (signals.loaded()) afterLoad()
  else signals.onLoad(afterLoad)
}
