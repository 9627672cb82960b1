import { createContext, useContext } from 'react'
import type { SiteAuth } from './createSiteAuth'

/**
 * The site's own handle on the auth service it gave the kit, for what the kit's hooks do not offer:
 * loading Firebase ahead of a sign-in, and a fresh ID token after an admin claim was granted.
 */
export const SiteAuthContext = createContext<SiteAuth | null>(null)
SiteAuthContext.displayName = 'SiteAuthContext'

export function useSiteAuth(): SiteAuth | null {
  return useContext(SiteAuthContext)
}
