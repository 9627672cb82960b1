/**
 * Default user-facing text of the form validations, keyed by error code. The React kit lets a partner
 * override each of them; the exact copy comes from spec §5.
 */
export const FORM_MESSAGES = Object.freeze({
  'passwords-mismatch': "Passwords doesn't match",
})

export type FormErrorCode = keyof typeof FORM_MESSAGES
