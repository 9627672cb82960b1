import { APP_RUNNING_ATTRIBUTE } from '../app/documentMarks'

/** What `whenPageSettled` watches: the app taking the page over, the browser's idle time. */
export interface PageSignals {
  running(): boolean
  onRunning(then: () => void): void
  idle(then: () => void): void
}

/** The browser's: the app's APP_RUNNING_ATTRIBUTE on <html> (SiteApp sets it), requestIdleCallback. */
export function browserSignals(): PageSignals {
  const root = document.documentElement
  const running = () => root.hasAttribute(APP_RUNNING_ATTRIBUTE)
  return {
    running,
    onRunning: (then) => {
      const observer = new MutationObserver(() => running() && (observer.disconnect(), then()))
      observer.observe(root, { attributeFilter: [APP_RUNNING_ATTRIBUTE] })
    },
    // An idle moment comes within 3 s even on a page that stays busy.
    idle: (then) => (typeof requestIdleCallback == 'function' ? requestIdleCallback(then, { timeout: 3000 }) : setTimeout(then)),
  }
}

/**
 * Runs `then` once, on a page that has loaded (src/main.tsx loads the worker's chunk after `load`), when the
 * app has taken it over (a server-rendered screen hydrated, its chunk and first calls made) and the browser
 * is next idle: the service worker's registration, which downloads its precache, then does not compete with
 * the screen's own requests and paint on a slow phone.
 */
export function whenPageSettled(then: () => void, signals: PageSignals = browserSignals()): void {
  if (signals.running()) signals.idle(then)
  else signals.onRunning(() => signals.idle(then))
}
