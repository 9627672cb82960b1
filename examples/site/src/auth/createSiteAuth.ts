import type { AuthService, SessionStore } from '@comics/core'
import { createFirebaseAuth } from '@comics/core/firebase'
import type { SiteEnv } from '../config/siteEnv'

/** The site's auth service, plus a way to load Firebase before the user acts. */
export interface SiteAuth extends AuthService {
  /**
   * Loads the SDK and follows its auth state. Called when the sign-in modal opens, so that a social
   * sign-in opens its popup straight from the click: a browser blocks a popup opened long after it.
   */
  preload(): Promise<void>
}

/**
 * The Firebase auth service of the site. The provider starts the service on mount; a visitor who has
 * never signed in has nothing to restore, so the start is skipped for them and Firebase's SDK loads
 * when the sign-in modal opens or on the first auth action instead.
 */
export function createSiteAuth(env: SiteEnv, session: SessionStore): SiteAuth {
  const firebaseAuth = createFirebaseAuth({
    firebase: env.firebase,
    ...(env.authEmulatorUrl ? { emulatorUrl: env.authEmulatorUrl } : {}),
    session,
    ...(env.tokenSyncUrl ? { tokenSyncUrl: env.tokenSyncUrl } : {}),
  })
  return {
    ...firebaseAuth,
    start: () => (session.getSnapshot().user ? firebaseAuth.start() : Promise.resolve()),
    preload: () => firebaseAuth.start(),
  }
}
