import { useId, useState, type FormEvent } from 'react'
import { Dialog, DialogTitle } from '../../dialog'
import { canChangePassword } from '@comics/core'
import { useDeleteAccount, useMessages, useSession } from '../../hooks'
import type { AccountMessages, TextMessageKey } from '../../messages'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface DeleteAccountProps {
  className?: string
}

const GOES: readonly (TextMessageKey & keyof AccountMessages)[] = [
  'deleteAccount.goesSignIn',
  'deleteAccount.goesSubscription',
  'deleteAccount.goesHistory',
  'deleteAccount.goesProgress',
]

/**
 * 'Delete my account' on the account page. The button opens a confirmation that says what goes (the
 * sign-in on every device, a running subscription, orders, the progress and settings this browser keeps)
 * and what stays and why (payment records the law requires, detached from the reader), and asks for the
 * password (re-authentication; an account of a social provider signs in again in its popup instead). Confirmed, the service erases the account and the reader, signed out,
 * lands on the home page. A refusal (wrong password, a failure) is shown and the password kept: nothing
 * was deleted, the reader can try again.
 * @example
 * <DownloadMyData />
 * <DeleteAccount />
 */
export function DeleteAccount({ className }: DeleteAccountProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const [open, setOpen] = useState(false)
  const headingId = useId()
  return (
    <section className={className ? `comics-card comics-delete-account ${className}` : 'comics-card comics-delete-account'} aria-labelledby={headingId}>
      <h2 id={headingId} className="comics-card__heading comics-delete-account__heading">
        {messages['deleteAccount.title']}
      </h2>
      <p className="comics-delete-account__text">{messages['deleteAccount.description']}</p>
      <button type="button" className="comics-button comics-delete-account__open" data-variant="danger" onClick={() => setOpen(true)}>
        {messages['deleteAccount.open']}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        className="comics-delete-account__dialog"
        backdropClassName="comics-delete-account__backdrop"
      >
        <DeleteAccountForm onKeep={() => setOpen(false)} />
      </Dialog>
    </section>
  )
}

function DeleteAccountForm({ onKeep }: { onKeep: () => void }) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const { deleteAccount, pending, errorMessage, clearError } = useDeleteAccount()
  // An account that first signed in with a social provider has no password: it signs in again there.
  const withPassword = canChangePassword(useSession().user)
  const [password, setPassword] = useState('')
  const [missing, setMissing] = useState(false)
  const baseId = useId()
  const errorId = `${baseId}-error`
  const error = missing ? messages['auth.missingPassword'] : errorMessage

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    if (!withPassword) {
      await deleteAccount()
      return
    }
    if (password === '') return setMissing(true)
    await deleteAccount(password)
  }

  return (
    <form className="comics-delete-account__form" onSubmit={submit} aria-busy={pending} noValidate>
      <DialogTitle className="comics-delete-account__title">{messages['deleteAccount.title']}</DialogTitle>
      <h3 className="comics-delete-account__subheading">{messages['deleteAccount.goesHeading']}</h3>
      <ul className="comics-delete-account__list">
        {GOES.map((key) => (
          <li key={key}>{messages[key]}</li>
        ))}
      </ul>
      <h3 className="comics-delete-account__subheading">{messages['deleteAccount.staysHeading']}</h3>
      <p className="comics-delete-account__text">{messages['deleteAccount.staysPayments']}</p>
      {!withPassword && <p className="comics-delete-account__text">{messages['deleteAccount.socialSignIn']}</p>}
      {withPassword && (
        <div className="comics-field">
          <label className="comics-field__label" htmlFor={`${baseId}-password`}>
            {messages['deleteAccount.password']}
          </label>
          <input
            id={`${baseId}-password`}
            className="comics-input"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setPassword(event.target.value)
              setMissing(false)
              clearError()
            }}
          />
        </div>
      )}
      {error && (
        <p id={errorId} className="comics-field-error" role="alert">
          {error}
        </p>
      )}
      <p className="comics-delete-account__status" role="status">
        {pending ? messages['deleteAccount.deleting'] : ''}
      </p>
      <div className="comics-delete-account__actions">
        <button type="button" className="comics-button" data-variant="ghost" onClick={onKeep} disabled={pending}>
          {messages['deleteAccount.keep']}
        </button>
        <button type="submit" className="comics-button comics-delete-account__confirm" data-variant="danger" disabled={pending}>
          {messages['deleteAccount.confirm']}
        </button>
      </div>
    </form>
  )
}
