import { useState } from 'react'
import { useNavigate } from 'react-router'
import { parseActionLink, routes } from '@comics/core'
import { EmailConfirmation, PasswordReset } from '@comics/react'

/**
 * Where the reader lands after the reset or the confirmation: the page the link was asked from (its
 * continue URL) when it is on this site, else the account page. Another origin is never followed (no open redirect).
 */
function afterLink(link: string): string {
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

/** The link's mode, or null for an address that is not an action link. */
function modeOf(link: string): string | null {
  try {
    return parseActionLink(link).mode
  } catch {
    return null
  }
}

/**
 * The site's email action page, `/auth/action`: the project's custom action URL, which every emailed
 * link of Firebase opens with its mode and code. A password reset (mode resetPassword, and a page opened
 * without a link) shows the kit's PasswordReset; the reader, signed in with the new password, goes back to
 * where the reset was asked from. A confirmation of the address (verifyEmail) or of a new one
 * (verifyAndChangeEmail) shows the kit's EmailConfirmation, then Continue goes back the same way; it
 * says that a link of another kind cannot be used here.
 */
export default function EmailActionScreen() {
  const navigate = useNavigate()
  // The link as the page opened; the one-time code leaves the address once it is used.
  const [link] = useState(() => window.location.href)
  const leave = () => void navigate(afterLink(link), { replace: true })
  const mode = modeOf(link)
  // A reset link, or the page opened without a link (PasswordReset then says where links come from).
  if (mode === null || mode === 'resetPassword' || mode === 'signIn') return <PasswordReset url={link} onDone={leave} />
  // Confirmations apply their code; the other kinds (recoverEmail, revertSecondFactorAddition) are said to be
  // of no use here.
  return <EmailConfirmation url={link} onContinue={leave} />
}
