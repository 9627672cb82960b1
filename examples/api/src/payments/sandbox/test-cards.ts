/** What a sandbox test card does, like a real provider's test mode numbers. */
export type CardBehaviour = 'succeeds' | 'declined' | 'succeeds-after-delay' | 'succeeds-then-renewals-fail'

/** The sandbox's test cards; any other number is refused as not a test card. */
export const TEST_CARDS: readonly { number: string; behaviour: CardBehaviour; label: string }[] = Object.freeze([
  { number: '4242424242424242', behaviour: 'succeeds', label: 'Succeeds' },
  { number: '4000000000000002', behaviour: 'declined', label: 'Declined' },
  { number: '4000000000000077', behaviour: 'succeeds-after-delay', label: 'Succeeds after a delay' },
  { number: '4000000000000341', behaviour: 'succeeds-then-renewals-fail', label: 'Succeeds; renewals fail' },
])

/** The behaviour of a typed card number (spaces and dashes ignored), or undefined if it is not a test card. */
export function cardBehaviour(typed: string): CardBehaviour | undefined {
  const digits = typed.replace(/[\s-]/g, '')
  return TEST_CARDS.find((card) => card.number === digits)?.behaviour
}

/** '4242 4242 4242 4242' */
export const groupedCardNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ')
