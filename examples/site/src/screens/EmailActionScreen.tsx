import { useState } from 'react'
import { useNavigate } from 'react-router'
import { parseActionLink, routes } from '@comics/core'
import { PasswordReset } from '@comics/react'

/**
 * Where the reader lands after the reset: the page the link was asked from (its continue URL) when it is
 * on this site, else the account page. Another origin is never followed (no open redirect).
 */
function afterReset(link: string): string {
  try {
    const { continueUrl } = parseActionLink(link)
    if (continueUrl) {
      const target = new URL(continueUrl)
      if (target.origin === window.location.origin) return `${target.pathname}${target.search}${target.hash}`
    }
  } catch {
    /* no continue URL to follow */
  }
  return routes.account
}

/**
 * The site's email action page, `/auth/action`: the project's custom action URL, which every emailed
 * link of Firebase opens with its mode and code. A password reset (mode resetPassword) shows the kit's
 * PasswordReset; the reader, signed in with the new password, goes back to where the reset was asked from.
 */
export default function EmailActionScreen() {
  const navigate = useNavigate()
  // The link as the page opened; the one-time code leaves the address once the reset is done.
  const [link] = useState(() => window.location.href)
  return (
    <PasswordReset
      url={link}
      onDone={() => {
        void navigate(afterReset(link), { replace: true })
      }}
    />
  )
}
