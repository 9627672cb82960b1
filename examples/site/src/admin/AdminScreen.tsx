import { useState } from 'react'
import { routes } from '@comics/core'
import { useAuthModal, useLink, useMessages, useSession } from '@comics/react'
import { useSiteAuth } from '../auth/siteAuthContext'
import { AdminConsole } from './AdminConsole'
import { adminClaimOfToken } from './adminClaimOfToken'
import './admin.css'

/**
 * /admin, a chunk of its own: the creator operations of spec §7 for accounts with the `admin` claim,
 * a plain refusal for everyone else ('Not allowed', a way back to the home page, nothing about how
 * access is granted: that is for operators, in the README). The API enforces the claim on every call;
 * this only chooses the screen.
 */
export default function AdminScreen() {
  const { signedIn, token, user } = useSession()
  const { openAuthModal } = useAuthModal()
  const auth = useSiteAuth()
  const Link = useLink()
  const messages = useMessages()
  const [refreshing, setRefreshing] = useState(false)

  if (signedIn && adminClaimOfToken(token)) return <AdminConsole />

  // A claim granted after sign-in reaches the browser with the next ID token.
  const refreshAccess = async () => {
    setRefreshing(true)
    try {
      await auth?.getToken(true)
    } catch {
      /* the service logged it; the screen stays as it is */
    } finally {
      setRefreshing(false)
    }
  }

  return (
    <section className="site-admin site-admin--refused" aria-labelledby="site-admin-refused">
      <h1 id="site-admin-refused">Not allowed</h1>
      {signedIn ? (
        <>
          <p>The account {user?.email ?? ''} is not an admin. This page is for the people who run the service.</p>
          <div className="site-admin__refused-actions">
            <Link to={routes.home} className="comics-button">
              {messages['common.backToMain']}
            </Link>
            {/* An account just made admin holds the previous sign-in token until it is refreshed. */}
            <button
              type="button"
              className="comics-button"
              data-variant="ghost"
              onClick={() => void refreshAccess()}
              disabled={refreshing}
            >
              Refresh my access
            </button>
          </div>
        </>
      ) : (
        <>
          <p>Sign in with an admin account to manage comics, episodes, pages and genres.</p>
          <div className="site-admin__refused-actions">
            <button type="button" className="comics-button" onClick={() => openAuthModal('sign-in')}>
              Sign In
            </button>
            <Link to={routes.home} className="comics-button" data-variant="ghost">
              {messages['common.backToMain']}
            </Link>
          </div>
        </>
      )}
    </section>
  )
}
