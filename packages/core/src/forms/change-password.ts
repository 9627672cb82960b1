import { FORM_MESSAGES, type FormErrorCode } from './messages'

export interface ChangePasswordFields {
  oldPassword: string
  newPassword: string
  confirmPassword: string
}

/** The new password of a reset, and its confirmation. */
export type NewPasswordFields = Pick<ChangePasswordFields, 'newPassword' | 'confirmPassword'>

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
  return validateNewPassword(fields, messages)
}

/**
 * The rules a new password meets before it goes to the provider, wherever it is set: change-password and
 * the password-reset page alike (the new password and its confirmation must match). The provider's own
 * password policy is judged by the provider.
 * @example
 * validateNewPassword({ newPassword: 'b', confirmPassword: 'c' }).ok // false
 */
export function validateNewPassword(
  fields: NewPasswordFields,
  messages: Partial<Record<FormErrorCode, string>> = {},
): ChangePasswordValidation {
  if (fields.newPassword !== fields.confirmPassword) {
    const code = 'passwords-mismatch'
    return { ok: false, code, message: messages[code] ?? FORM_MESSAGES[code] }
  }
  return { ok: true }
}
