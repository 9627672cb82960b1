import type { SessionStore } from '@comics/core'
import { SIGNED_IN_COOKIE } from './documentMarks'

/**
 * Keeps the `SIGNED_IN_COOKIE` cookie in step with the session: set while a reader is signed in, gone
 * once they are not. The site's server reads it to answer a guest's guarded route with a redirect; it
 * holds no token. Returns the unsubscribe.
 */
export function keepSignedInCookie(session: SessionStore, place: { cookie: string; readonly secure: boolean } = thePage()): () => void {
  let last: boolean | undefined
  const write = () => {
    const { signedIn } = session.getSnapshot()
    if (signedIn === last) return
    last = signedIn
    const attributes = `; Path=/; SameSite=Lax${place.secure ? '; Secure' : ''}`
    place.cookie = signedIn ? `${SIGNED_IN_COOKIE}=1${attributes}; Max-Age=31536000` : `${SIGNED_IN_COOKIE}=${attributes}; Max-Age=0`
  }
  write()
  return session.subscribe(write)
}

/** The page's cookies, Secure on https. */
function thePage(): { cookie: string; readonly secure: boolean } {
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
