import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { passwordResetCodeOf, validateNewPassword, type AuthUser, type NewPasswordFields } from '@comics/core'
import { useAuth, useAuthModal, useMessages } from '../../hooks'
import { formatMessage, type AccountMessages, type TextMessageKey } from '../../messages'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface PasswordResetProps {
  /** The address the page was opened at, with the link's parameters; default the page's own, read once. */
  url?: string
  /** Called once the new password is set and the reader signed in with it. */
  onDone: (user: AuthUser) => void
  className?: string
}

type Phase =
  | { name: 'no-link' }
  | { name: 'checking'; code: string }
  | { name: 'form'; code: string; email: string }
  | { name: 'invalid' }

const EMPTY: NewPasswordFields = { newPassword: '', confirmPassword: '' }

const FIELDS: readonly { name: keyof NewPasswordFields; label: TextMessageKey & keyof AccountMessages }[] = [
  { name: 'newPassword', label: 'changePassword.newPassword' },
  { name: 'confirmPassword', label: 'changePassword.confirmPassword' },
]

/**
 * The page a password-reset link opens (after 'Forgot password?' in the sign-in modal). It checks the
 * link's one-time code and names the account, then asks for the new password and its confirmation with
 * the rule change-password uses (core's `validateNewPassword`); the provider judges its own policy. Saving
 * sets the password and signs the reader in, then `onDone` runs. A refusal is shown and the fields keep
 * what was typed; a used or expired link, or a page opened without one, says so and offers a new link
 * (the sign-in modal). The state is exposed as `data-state`: checking, form, invalid or no-link.
 * @example
 * <PasswordReset onDone={() => navigate(routes.account)} />
 */
export function PasswordReset({ url, onDone, className }: PasswordResetProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const { openAuthModal } = useAuthModal()
  const { checkPasswordResetCode, resetPassword, pending, error, errorMessage, clearError } = useAuth()
  const [phase, setPhase] = useState<Phase>(() => {
    const code = passwordResetCodeOf(url ?? window.location.href)
    return code ? { name: 'checking', code } : { name: 'no-link' }
  })
  const [fields, setFields] = useState<NewPasswordFields>(EMPTY)
  const [mismatch, setMismatch] = useState<string | null>(null)
  const baseId = useId()
  const titleId = `${baseId}-title`
  const errorId = `${baseId}-error`
  // Once per page: StrictMode's second effect run must not check the code twice.
  const checked = useRef(false)

  useEffect(() => {
    if (phase.name !== 'checking' || checked.current) return
    checked.current = true
    const { code } = phase
    void checkPasswordResetCode(code).then((email) =>
      setPhase(email === null ? { name: 'invalid' } : { name: 'form', code, email }),
    )
  }, [phase, checkPasswordResetCode])

  const edit = (name: keyof NewPasswordFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }))
    setMismatch(null)
    clearError()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending || phase.name !== 'form') return
    const validation = validateNewPassword(fields, { 'passwords-mismatch': messages['passwords-mismatch'] })
    if (!validation.ok) {
      setMismatch(validation.message)
      return
    }
    const user = await resetPassword(phase.code, fields.newPassword)
    if (user) onDone(user)
  }

  const spent = phase.name === 'invalid' || error?.messageKey === 'auth.linkExpired'
  const formError = mismatch ?? errorMessage
  const classes = className ? `comics-password-reset ${className}` : 'comics-password-reset'

  return (
    <section className={classes} aria-labelledby={titleId} data-state={phase.name}>
      <h1 id={titleId} className="comics-password-reset__title">
        {messages['passwordReset.title']}
      </h1>
      {phase.name === 'checking' && (
        <p className="comics-password-reset__text" role="status">
          {messages['passwordReset.checking']}
        </p>
      )}
      {phase.name === 'no-link' && <p className="comics-password-reset__text">{messages['passwordReset.noLink']}</p>}
      {phase.name === 'invalid' && (
        <p className="comics-field-error" role="alert">
          {errorMessage ?? messages['auth.linkExpired']}
        </p>
      )}
      {phase.name === 'form' && (
        <form className="comics-form comics-password-reset__form" onSubmit={submit} aria-busy={pending} noValidate>
          <p className="comics-password-reset__text">{formatMessage(messages['passwordReset.forEmail'], { email: phase.email })}</p>
          {/* For password managers: the account the new password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={phase.email} readOnly hidden />
          {FIELDS.map(({ name, label }) => {
            const id = `${baseId}-${name}`
            const invalid = mismatch ? name === 'confirmPassword' : Boolean(errorMessage)
            return (
              <div key={name} className="comics-field">
                <label className="comics-field__label" htmlFor={id}>
                  {messages[label]}
                </label>
                <input
                  id={id}
                  className="comics-input"
                  type="password"
                  name={name}
                  autoComplete="new-password"
                  value={fields[name]}
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? errorId : undefined}
                  onChange={(event) => edit(name, event.target.value)}
                />
              </div>
            )
          })}
          {formError && (
            <p id={errorId} className="comics-field-error" role="alert">
              {formError}
            </p>
          )}
          <button type="submit" className="comics-button comics-password-reset__submit" disabled={pending}>
            {messages['passwordReset.submit']}
          </button>
        </form>
      )}
      {(spent || phase.name === 'no-link') && (
        <button
          type="button"
          className="comics-button comics-password-reset__new-link"
          data-variant="ghost"
          onClick={() => openAuthModal('sign-in')}
        >
          {messages['passwordReset.newLink']}
        </button>
      )}
    </section>
  )
}
