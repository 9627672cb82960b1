import { DEFAULT_READER_SETTINGS, READER_LAYOUT_SETTINGS, type AgeGate, type ReaderSettingsStore, type SessionStore } from '@comics/core'
import { AGE_PASSED_COOKIE, CUSTOM_READER_COOKIE, SIGNED_IN_COOKIE } from './documentMarks'

/** The page's cookies (document.cookie), and whether to mark them Secure. */
export interface CookiePlace {
  cookie: string
  readonly secure: boolean
}

/**
 * Keeps cookie `name` in step with `isSet()` read from a store: set while true, gone once false. The
 * site's server reads such cookies; they hold no secret. Returns the unsubscribe.
 */
function keepCookie(name: string, store: { subscribe(listener: () => void): () => void }, isSet: () => boolean, place: CookiePlace): () => void {
  let last: boolean | undefined
  const write = () => {
    const value = isSet()
    if (value === last) return
    last = value
    const attributes = `; Path=/; SameSite=Lax${place.secure ? '; Secure' : ''}`
    place.cookie = value ? `${name}=1${attributes}; Max-Age=31536000` : `${name}=${attributes}; Max-Age=0`
  }
  write()
  return store.subscribe(write)
}

/**
 * Keeps the `SIGNED_IN_COOKIE` cookie in step with the session: set while a reader is signed in, gone
 * once they are not. The site's server reads it to answer a guest's guarded route with a redirect; it
 * holds no token. Returns the unsubscribe.
 */
export function keepSignedInCookie(session: SessionStore, place: CookiePlace = thePage()): () => void {
  return keepCookie(SIGNED_IN_COOKIE, session, () => session.getSnapshot().signedIn, place)
}

/**
 * Keeps the `AGE_PASSED_COOKIE` cookie in step with the age gate's answer: the site's server then does
 * not show its rendered gate to a visitor who answered Yes before. Returns the unsubscribe.
 */
export function keepAgePassedCookie(ageGate: AgeGate, place: CookiePlace = thePage()): () => void {
  return keepCookie(AGE_PASSED_COOKIE, ageGate, () => ageGate.getSnapshot(), place)
}

/**
 * Keeps the `CUSTOM_READER_COOKIE` cookie in step with the reader settings: set while those that change
 * the layout (core `READER_LAYOUT_SETTINGS`; not auto-scroll's speed) are not the defaults. The site's server then leaves the reader to the browser, whose render has them (the server's
 * would be the defaults' layout, moved once they apply). Returns the unsubscribe.
 */
export function keepCustomReaderCookie(settings: ReaderSettingsStore, place: CookiePlace = thePage()): () => void {
  const custom = () => {
    const current = settings.getSnapshot().settings as unknown as Record<string, unknown>
    return READER_LAYOUT_SETTINGS.some((key) => current[key] !== DEFAULT_READER_SETTINGS[key])
  }
  return keepCookie(CUSTOM_READER_COOKIE, settings, custom, place)
}

/** The page's cookies, Secure on https. */
function thePage(): CookiePlace {
  return {
    get cookie() {
      return document.cookie
    },
    set cookie(value: string) {
      document.cookie = value
    },
    secure: location.protocol === 'https:',
  }
}
