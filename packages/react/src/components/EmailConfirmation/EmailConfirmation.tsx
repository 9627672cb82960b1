import { useEffect, useId, useRef, useState } from 'react'
import { parseActionLink } from '@comics/core'
import { useAuth, useMessages } from '../../hooks'
import { VerifyEmailPrompt } from '../VerifyEmailPrompt'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface EmailConfirmationProps {
  /** The link as the page opened it; default the current address. */
  url?: string
  /** 'Continue' once the address is confirmed or changed. */
  onContinue: () => void
  className?: string
}

type Phase = 'confirming' | 'confirmed' | 'changed' | 'invalid' | 'unsupported'

/** The confirmation modes of an action link: a new account's address, or the new address of a change. */
function confirmationOf(url: string): { mode: 'verifyEmail' | 'verifyAndChangeEmail'; code: string } | null {
  try {
    const link = parseActionLink(url)
    return link.mode === 'verifyEmail' || link.mode === 'verifyAndChangeEmail' ? { mode: link.mode, code: link.oobCode } : null
  } catch {
    return null
  }
}

/**
 * The page an email-confirmation link opens (mode verifyEmail, or verifyAndChangeEmail after a change of
 * address): applies the link's code once, then says the address is confirmed, or changed (the provider
 * then ends the reader's sessions: sign in with the new address). A used or expired link says so, and a
 * signed-in reader still unconfirmed can ask for a new one there. The state is exposed as `data-state`:
 * confirming, confirmed, changed, invalid or unsupported.
 * @example
 * <EmailConfirmation onContinue={() => navigate(routes.account)} />
 */
export function EmailConfirmation({ url, onContinue, className }: EmailConfirmationProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const { confirmEmail, errorMessage } = useAuth()
  const [link] = useState(() => confirmationOf(url ?? window.location.href))
  const [phase, setPhase] = useState<Phase>(link ? 'confirming' : 'unsupported')
  const titleId = useId()
  // Once per page: StrictMode's second effect run must not spend the code twice.
  const applied = useRef(false)

  useEffect(() => {
    if (!link || applied.current) return
    applied.current = true
    void confirmEmail(link.code).then((ok) =>
      setPhase(ok ? (link.mode === 'verifyAndChangeEmail' ? 'changed' : 'confirmed') : 'invalid'),
    )
  }, [link, confirmEmail])

  return (
    <section
      className={className ? `comics-email-confirmation ${className}` : 'comics-email-confirmation'}
      aria-labelledby={titleId}
      data-state={phase}
    >
      <h1 id={titleId} className="comics-email-confirmation__title">
        {messages['verifyEmail.title']}
      </h1>
      {phase === 'confirming' && (
        <p className="comics-email-confirmation__text" role="status">
          {messages['verifyEmail.confirming']}
        </p>
      )}
      {(phase === 'confirmed' || phase === 'changed') && (
        <>
          <p className="comics-email-confirmation__text" role="status">
            {messages[phase === 'changed' ? 'verifyEmail.changed' : 'verifyEmail.confirmed']}
          </p>
          <button type="button" className="comics-button comics-email-confirmation__continue" onClick={onContinue}>
            {messages['verifyEmail.continue']}
          </button>
        </>
      )}
      {phase === 'invalid' && (
        <>
          <p className="comics-email-confirmation__error" role="alert">
            {errorMessage ?? messages['auth.linkExpired']}
          </p>
          <VerifyEmailPrompt />
        </>
      )}
      {phase === 'unsupported' && (
        <p className="comics-email-confirmation__error" role="alert">
          {messages['emailAction.unsupported']}
        </p>
      )}
    </section>
  )
}
