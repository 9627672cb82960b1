import { FORM_MESSAGES, type FormErrorCode } from './messages'

export interface ChangePasswordFields {
  oldPassword: string
  newPassword: string
  confirmPassword: string
}

export type ChangePasswordValidation =
  | { ok: true }
  | { ok: false; code: FormErrorCode; message: string }

/**
 * Client-side check of the change-password form: the new password and its confirmation must match
 * (spec §5). The old password is checked by the server when re-authenticating, not here. The message
 * is the default for the code; pass `messages` to use your own copy.
 * @example
 * validateChangePassword({ oldPassword: 'a', newPassword: 'b', confirmPassword: 'c' })
 * // { ok: false, code: 'passwords-mismatch', message: "Passwords doesn't match" }
 */
export function validateChangePassword(
  fields: ChangePasswordFields,
  messages: Partial<Record<FormErrorCode, string>> = {},
): ChangePasswordValidation {
  if (fields.newPassword !== fields.confirmPassword) {
    const code = 'passwords-mismatch'
    return { ok: false, code, message: messages[code] ?? FORM_MESSAGES[code] }
  }
  return { ok: true }
}
