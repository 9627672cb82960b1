import { createConsentStore, STORAGE_KEYS, type ConsentStore, type KeyValueStorage } from '@comics/core'
import { COOKIE_CHOICE_ATTRIBUTE } from '@comics/react'
import { COOKIE_CHOICE_BEFORE_APP_ATTRIBUTE } from './documentMarks'

type Choice = 'accepted' | 'rejected'

/** The page's cookie choice: core's consent store, which a server-rendered page's app takes over with its screen. */
export interface SiteConsent extends ConsentStore {
  /** The app has taken the page over: a choice made before is made now, and later ones at once. */
  takeOver(): void
}

/** The choice the head's handler took before the app (src/app/documentScripts.ts), if any. */
function choiceOnDocument(): Choice | null {
  if (typeof document === 'undefined') return null
  const choice = document.documentElement.getAttribute(COOKIE_CHOICE_BEFORE_APP_ATTRIBUTE)
  return choice === 'accepted' || choice === 'rejected' ? choice : null
}

/**
 * The cookie choice, made the same whenever the banner was answered. The banner of a server-rendered page
 * answers from its first paint, before the app has started (the head's handler) or while it takes the
 * page over (the kit's, once the banner is hydrated but not yet the screen); the screen's first effects
 * (comic_page_view as a comic page mounts) come after. Until the app has taken the page over (takeOver,
 * once its screen is hydrated), such a choice is stored, so that it holds on the next page even if this
 * one is left at once, and hides the banner, but the store reads as it was when the page opened (no
 * choice: the banner was showing); takeOver then makes it, after the screen's first effects, as a choice
 * made once the page is the app's. A page the browser renders itself is taken over from the start.
 */
export function createSiteConsent(storage: KeyValueStorage): SiteConsent {
  // Nothing to take over in a server's render: no choice is made there.
  let takenOver = typeof document === 'undefined'
  let pending: Choice | null = null
  const waiting = (): Choice | null => (takenOver ? null : (pending ?? choiceOnDocument()))
  const store = createConsentStore({
    getItem: (key) => (key === STORAGE_KEYS.consent && waiting() ? null : storage.getItem(key)),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
    ...(storage.subscribe ? { subscribe: storage.subscribe.bind(storage) } : {}),
  })
  const choose = (choice: Choice) => {
    if (takenOver) {
      if (choice === 'accepted') store.accept()
      else store.reject()
      return
    }
    pending = choice
    // As core's consent store stores it (JSON), and the banner hidden as the head's handler hides it.
    storage.setItem(STORAGE_KEYS.consent, JSON.stringify(choice))
    document.documentElement.setAttribute(COOKIE_CHOICE_ATTRIBUTE, '')
  }
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    dispose: store.dispose,
    accept: () => choose('accepted'),
    reject: () => choose('rejected'),
    takeOver() {
      if (takenOver) return
      const choice = waiting()
      takenOver = true
      pending = null
      document.documentElement.removeAttribute(COOKIE_CHOICE_BEFORE_APP_ATTRIBUTE)
      if (choice) choose(choice)
    },
  }
}
