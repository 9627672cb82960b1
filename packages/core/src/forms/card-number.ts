/** Digits in a card number (spec §5). */
export const CARD_NUMBER_DIGITS = 16

const digitsOf = (input: string) => input.replace(/\D/g, '')

/**
 * Masks typed or pasted text as a card number: digits only, at most 16, in groups of four (spec §5).
 * @example formatCardNumber('1234567890123456') // '1234 5678 9012 3456'
 * @example formatCardNumber('1234-56') // '1234 56'
 */
export function formatCardNumber(input: string): string {
  const digits = digitsOf(input).slice(0, CARD_NUMBER_DIGITS)
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/**
 * Whether a card number holds all 16 digits (spaces and dashes ignored).
 * @example isCardNumberComplete('1234 5678 9012 3456') // true
 */
export function isCardNumberComplete(input: string): boolean {
  return /^[\d\s-]*$/.test(input) && digitsOf(input).length === CARD_NUMBER_DIGITS
}

/**
 * Whether a complete card number also passes the Luhn check digit that every card number carries,
 * which catches a mistyped digit before the payment provider does.
 * @example isCardNumberValid('4242 4242 4242 4242') // true
 * @example isCardNumberValid('4242 4242 4242 4241') // false
 */
export function isCardNumberValid(input: string): boolean {
  if (!isCardNumberComplete(input)) return false
  let sum = 0
  const digits = digitsOf(input)
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}
