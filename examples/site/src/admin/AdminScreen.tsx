import { useState } from 'react'
import { useAuthModal, useSession } from '@comics/react'
import { useSiteAuth } from '../auth/siteAuthContext'
import { AdminConsole } from './AdminConsole'
import { adminClaimOfToken } from './adminClaimOfToken'
import './admin.css'

/**
 * /admin, a chunk of its own: the creator operations of spec §7 for accounts with the `admin` claim,
 * a clear refusal for everyone else. The API enforces the claim on every call; this only chooses the
 * screen.
 */
export default function AdminScreen() {
  const { signedIn, token, user } = useSession()
  const { openAuthModal } = useAuthModal()
  const auth = useSiteAuth()
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
          <p>
            The account {user?.email ?? ''} is not an admin. The admin screen is for accounts with the admin claim
            (<code>pnpm --filter api grant-admin EMAIL</code>).
          </p>
          <p>Granted a moment ago? Your browser still holds the previous sign-in token.</p>
          <button type="button" className="comics-button" onClick={() => void refreshAccess()} disabled={refreshing}>
            Refresh my access
          </button>
        </>
      ) : (
        <>
          <p>Sign in with an admin account to manage comics, episodes, pages and genres.</p>
          <button type="button" className="comics-button" onClick={() => openAuthModal('sign-in')}>
            Sign In
          </button>
        </>
      )}
    </section>
  )
}
