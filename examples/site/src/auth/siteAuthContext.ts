import { createContext, useContext } from 'react'
import type { AuthService } from '@comics/core'

/**
 * The site's own handle on the auth service it gave the kit, for what the kit's hooks do not offer:
 * the admin screen asks for a fresh ID token after a claim was granted.
 */
export const SiteAuthContext = createContext<AuthService | null>(null)
SiteAuthContext.displayName = 'SiteAuthContext'

export function useSiteAuth(): AuthService | null {
  return useContext(SiteAuthContext)
}
