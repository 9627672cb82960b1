import { useId, useState, type FormEvent } from 'react'
import { Dialog, DialogTitle } from '../../dialog'
import { formatMessage } from '../../messages'
import { useAuth, useMessages, useSession } from '../../hooks'
import { VerifyEmailPrompt } from '../VerifyEmailPrompt'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface ChangeEmailModalProps {
  open: boolean
  /** Called on Escape, the close control and a backdrop click. */
  onClose: () => void
  /** Where the confirmation link returns to; default the current page. */
  continueUrl?: string
  className?: string
}

/**
 * Change of email: the new address and the password (re-authentication), then the provider mails the new
 * address a link; the address changes only once it is opened (the site's EmailConfirmation). An address
 * not yet confirmed must be confirmed first (docs/decisions.md): the dialog then offers the link instead
 * of the form. A refusal is shown and the fields keep what was typed. Each opening starts empty.
 * @example
 * <ChangeEmailModal open={changing} onClose={() => setChanging(false)} />
 */
export function ChangeEmailModal({ open, onClose, continueUrl, className }: ChangeEmailModalProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  return (
    <Dialog
      open={open}
      onClose={onClose}
      className={className ? `comics-change-email ${className}` : 'comics-change-email'}
      backdropClassName="comics-change-email__backdrop"
    >
      {/* Mounted only while open, so each opening starts with empty fields. */}
      <ChangeEmailForm continueUrl={continueUrl} />
      <button type="button" className="comics-dialog__close" aria-label={messages['common.close']} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </Dialog>
  )
}

function ChangeEmailForm({ continueUrl }: { continueUrl?: string }) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const { user } = useSession()
  const { changeEmail, pending, errorMessage, clearError } = useAuth()
  const [newEmail, setNewEmail] = useState('')
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const baseId = useId()
  const errorId = `${baseId}-error`
  const error = problem ?? errorMessage

  if (user && !user.emailVerified) {
    return (
      <div className="comics-form">
        <DialogTitle className="comics-change-email__title">{messages['changeEmail.title']}</DialogTitle>
        <p className="comics-field-error">{messages['auth.emailNotVerified']}</p>
        <VerifyEmailPrompt />
      </div>
    )
  }
  if (sentTo) {
    return (
      <div className="comics-form">
        <DialogTitle className="comics-change-email__title">{messages['changeEmail.title']}</DialogTitle>
        <p role="status">{formatMessage(messages['changeEmail.sent'], { email: sentTo })}</p>
      </div>
    )
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const address = newEmail.trim()
    if (address === '') return setProblem(messages['auth.missingEmail'])
    if (password === '') return setProblem(messages['auth.missingPassword'])
    if (address.toLowerCase() === user?.email?.toLowerCase()) return setProblem(messages['changeEmail.sameAddress'])
    if (await changeEmail(password, address, continueUrl)) setSentTo(address)
  }
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value)
    setProblem(null)
    clearError()
  }
  const invalid = error ? true : undefined

  return (
    <form className="comics-form" onSubmit={submit} aria-busy={pending} noValidate>
      <DialogTitle className="comics-change-email__title">{messages['changeEmail.title']}</DialogTitle>
      <div className="comics-field">
        <label className="comics-field__label" htmlFor={`${baseId}-email`}>
          {messages['changeEmail.newEmail']}
        </label>
        <input
          id={`${baseId}-email`}
          className="comics-input"
          type="email"
          name="email"
          autoComplete="email"
          value={newEmail}
          aria-invalid={invalid}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => edit(setNewEmail)(event.target.value)}
        />
      </div>
      <div className="comics-field">
        <label className="comics-field__label" htmlFor={`${baseId}-password`}>
          {messages['changeEmail.password']}
        </label>
        <input
          id={`${baseId}-password`}
          className="comics-input"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={invalid}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => edit(setPassword)(event.target.value)}
        />
      </div>
      {error && (
        <p id={errorId} className="comics-field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="comics-button comics-change-email__submit" disabled={pending}>
        {messages['changeEmail.submit']}
      </button>
    </form>
  )
}
