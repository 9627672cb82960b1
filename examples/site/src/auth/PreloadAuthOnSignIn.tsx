import { useEffect } from 'react'
import { useAuthModal } from '@comics/react'
import { useSiteAuth } from './siteAuthContext'

/** Loads Firebase as soon as the sign-in modal opens (see SiteAuth.preload). Renders nothing. */
export function PreloadAuthOnSignIn() {
  const { isOpen } = useAuthModal()
  const auth = useSiteAuth()
  useEffect(() => {
    if (isOpen) auth?.preload().catch((error: unknown) => console.error('Loading the sign-in service failed', error))
  }, [isOpen, auth])
  return null
}
