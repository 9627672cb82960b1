/** A CVV has 3 digits, or 4 on some cards. */
export const CVV_MIN_DIGITS = 3
export const CVV_MAX_DIGITS = 4

/**
 * Masks typed or pasted text as a CVV: digits only, at most four (spec §5).
 * @example formatCvv('12a34 5') // '1234'
 */
export function formatCvv(input: string): string {
  return input.replace(/\D/g, '').slice(0, CVV_MAX_DIGITS)
}

/**
 * Whether a CVV is 3 or 4 digits and nothing else.
 * @example isCvvComplete('123') // true
 * @example isCvvComplete('12') // false
 */
export function isCvvComplete(input: string): boolean {
  return new RegExp(`^\\d{${CVV_MIN_DIGITS},${CVV_MAX_DIGITS}}$`).test(input)
}
