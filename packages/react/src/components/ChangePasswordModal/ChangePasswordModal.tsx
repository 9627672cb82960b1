import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { validateChangePassword, type ChangePasswordFields } from '@comics/core'
import { Dialog, DialogTitle } from '../../dialog'
import { useAuth, useMessages } from '../../hooks'
import type { AccountMessages, TextMessageKey } from '../../messages'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface ChangePasswordModalProps {
  open: boolean
  /** Called on Escape, the close control, a backdrop click and after a successful change. */
  onClose: () => void
  /** Called after the password was changed, before `onClose`: e.g. to show a toast. */
  onChanged?: () => void
  className?: string
}

const EMPTY: ChangePasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' }

const FIELDS: readonly { name: keyof ChangePasswordFields; label: TextMessageKey & keyof AccountMessages; autoComplete: string }[] = [
  { name: 'oldPassword', label: 'changePassword.oldPassword', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'changePassword.newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'changePassword.confirmPassword', autoComplete: 'new-password' },
]

/**
 * The change-password modal (spec §2, §4, §5, §8): the old password, the new one and its confirmation.
 * 'Passwords doesn't match' when the new password and its confirmation differ (core's
 * `validateChangePassword`); any edit clears the error. The auth service re-verifies the old password
 * before the update; a server error clears every field and is shown. Each opening starts empty. On
 * success it calls `onChanged`, closes, and announces the change to screen readers.
 * @example
 * const [open, setOpen] = useState(false)
 * <button onClick={() => setOpen(true)}>Change Password</button>
 * <ChangePasswordModal open={open} onClose={() => setOpen(false)} />
 */
export function ChangePasswordModal({ open, onClose, onChanged, className }: ChangePasswordModalProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const [changed, setChanged] = useState(false)

  useEffect(() => {
    if (open) setChanged(false)
  }, [open])

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        className={className ? `comics-change-password ${className}` : 'comics-change-password'}
        backdropClassName="comics-change-password__backdrop"
      >
        {/* Mounted only while open, so each opening starts with empty fields (spec §4). */}
        <ChangePasswordForm
          onChanged={() => {
            setChanged(true)
            onChanged?.()
            onClose()
          }}
        />
        <button
          type="button"
          className="comics-dialog__close"
          aria-label={messages['common.close']}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </Dialog>
      <p className="comics-visually-hidden" role="status">
        {changed ? messages['changePassword.success'] : ''}
      </p>
    </>
  )
}

function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const { changePassword, pending, errorMessage, clearError } = useAuth()
  const [fields, setFields] = useState<ChangePasswordFields>(EMPTY)
  const [mismatch, setMismatch] = useState<string | null>(null)
  const firstField = useRef<HTMLInputElement>(null)
  const baseId = useId()
  const errorId = `${baseId}-error`
  const error = mismatch ?? errorMessage

  const edit = (name: keyof ChangePasswordFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }))
    // spec §5: the error clears when the fields change.
    setMismatch(null)
    clearError()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const validation = validateChangePassword(fields, { 'passwords-mismatch': messages['passwords-mismatch'] })
    if (!validation.ok) {
      setMismatch(validation.message)
      return
    }
    if (await changePassword(fields.oldPassword, fields.newPassword)) {
      onChanged()
      return
    }
    // spec §5: on a server error every field is cleared and the error is shown.
    setFields(EMPTY)
    firstField.current?.focus()
  }

  return (
    <form className="comics-form" onSubmit={submit} aria-busy={pending}>
      <DialogTitle className="comics-change-password__title">{messages['changePassword.title']}</DialogTitle>
      {FIELDS.map(({ name, label, autoComplete }, index) => {
        const id = `${baseId}-${name}`
        // The mismatch concerns the confirmation; a server error concerns the whole form.
        const invalid = mismatch ? name === 'confirmPassword' : Boolean(errorMessage)
        return (
          <div key={name} className="comics-field">
            <label className="comics-field__label" htmlFor={id}>
              {messages[label]}
            </label>
            <input
              ref={index === 0 ? firstField : undefined}
              id={id}
              className="comics-input"
              type="password"
              name={name}
              autoComplete={autoComplete}
              value={fields[name]}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              onChange={(event) => edit(name, event.target.value)}
            />
          </div>
        )
      })}
      {error && (
        <p id={errorId} className="comics-field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="comics-button comics-change-password__submit" disabled={pending}>
        {messages['changePassword.submit']}
      </button>
    </form>
  )
}
