import { useId, useState } from 'react'
import { formatMessage, SIGN_IN_MESSAGES } from '../../messages'
import { useEmailVerification, useLocale, useMessages } from '../../hooks'

export interface VerifyEmailPromptProps {
  className?: string
}

/**
 * Asks a reader who signed up with email and password to confirm the address (core
 * `needsEmailVerification`); renders nothing otherwise. The link is mailed at sign-up; 'Send the link
 * again' mails a new one, at most once a minute from the page (the button counts down), and the
 * provider's own limit is answered as 'Too many attempts'. The state is exposed as `data-state`: sent,
 * not-sent or waiting. It is a slim bar: one line and the action (on a phone the title alone; the
 * explanation is read out, and cut with an ellipsis and a full `title` where it is shown).
 * @example
 * <TopBar />
 * <VerifyEmailPrompt />
 */
export function VerifyEmailPrompt({ className }: VerifyEmailPromptProps) {
  const messages = useMessages(SIGN_IN_MESSAGES)
  const locale = useLocale()
  const { needed, email, sent, waitSeconds, send, pending, errorMessage } = useEmailVerification()
  const [resent, setResent] = useState(false)
  const titleId = useId()
  if (!needed) return null
  const waiting = waitSeconds > 0
  const text = formatMessage(messages[sent ? 'verifyEmail.prompt' : 'verifyEmail.notSent'], { email: email ?? '' })
  const label = waiting
    ? formatMessage(messages['verifyEmail.resendIn'], { n: waitSeconds }, locale)
    : sent
      ? messages['verifyEmail.resend']
      : messages['verifyEmail.send']
  return (
    <section
      className={className ? `comics-verify-email ${className}` : 'comics-verify-email'}
      aria-labelledby={titleId}
      data-state={waiting ? 'waiting' : sent ? 'sent' : 'not-sent'}
    >
      <h2 id={titleId} className="comics-verify-email__title" title={messages['verifyEmail.title']}>
        {messages['verifyEmail.title']}
      </h2>
      <p className="comics-verify-email__text" title={text}>
        {text}
      </p>
      <button
        type="button"
        className="comics-button comics-verify-email__send"
        data-variant="ghost"
        disabled={pending || waiting}
        aria-busy={pending}
        onClick={() => void send().then((ok) => setResent(ok))}
      >
        {label}
      </button>
      <p className="comics-verify-email__status" role="status">
        {resent ? formatMessage(messages['verifyEmail.sent'], { email: email ?? '' }) : ''}
      </p>
      {errorMessage && (
        <p className="comics-verify-email__error" role="alert">
          {errorMessage}
        </p>
      )}
    </section>
  )
}
