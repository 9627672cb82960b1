const digitsOf = (input: string) => input.replace(/\D/g, '')

/**
 * Masks typed or pasted text as a card expiry date MM/YY: digits only, at most four, the slash added
 * once the year starts (so deleting back over it never gets stuck) (spec §5).
 * @example formatExpiry('0927') // '09/27'
 * @example formatExpiry('09') // '09'
 * @example formatExpiry('0a9/2') // '09/2'
 */
export function formatExpiry(input: string): string {
  const digits = digitsOf(input).slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** Month and two-digit year of a complete expiry, or null. */
function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(input.trim())
  if (!match) return null
  const month = Number(match[1])
  if (month < 1 || month > 12) return null
  return { month, year: 2000 + Number(match[2]) }
}

/**
 * Whether an expiry is a complete MM/YY with a month from 01 to 12.
 * @example isExpiryComplete('09/27') // true
 * @example isExpiryComplete('13/27') // false
 */
export function isExpiryComplete(input: string): boolean {
  return parseExpiry(input) !== null
}

/**
 * Whether an expiry is complete and not yet past: a card is good through the last day of its month.
 * @example isExpiryValid('09/27', new Date('2027-09-30')) // true
 * @example isExpiryValid('09/27', new Date('2027-10-01')) // false
 */
export function isExpiryValid(input: string, now: Date = new Date()): boolean {
  const expiry = parseExpiry(input)
  if (!expiry) return false
  const currentYear = now.getFullYear()
  const currentMonth = now.getMonth() + 1
  return expiry.year > currentYear || (expiry.year === currentYear && expiry.month >= currentMonth)
}
