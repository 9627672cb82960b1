import type { AuthService, SessionStore } from '@comics/core'
import { createFirebaseAuth } from '@comics/core/firebase'
import type { SiteEnv } from '../config/siteEnv'

/**
 * The Firebase auth service of the site. The provider starts the service on mount; a visitor who has
 * never signed in has nothing to restore, so the start is skipped for them and Firebase's SDK loads
 * on the first auth action instead (every other method loads it on first use).
 */
export function createSiteAuth(env: SiteEnv, session: SessionStore): AuthService {
  const firebaseAuth = createFirebaseAuth({
    firebase: env.firebase,
    ...(env.authEmulatorUrl ? { emulatorUrl: env.authEmulatorUrl } : {}),
    session,
  })
  return {
    ...firebaseAuth,
    start: () => (session.getSnapshot().user ? firebaseAuth.start() : Promise.resolve()),
  }
}
