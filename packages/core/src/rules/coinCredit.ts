// Its own module, free of imports: the contract's CreditCoinsBodySchema takes these limits from here.

/** The most coins one support credit may give. */
export const COIN_CREDIT_MAX = 100_000
/** The length a support credit's reason must have (trimmed), kept in the ledger. */
export const COIN_CREDIT_REASON_LENGTH = Object.freeze({ min: 3, max: 500 })

/**
 * What is wrong with a support credit before it is sent (the contract's `CreditCoinsBodySchema` has the
 * same limits): 'coins' unless a whole number from 1 to {@link COIN_CREDIT_MAX}, 'reason' unless it has
 * 3 to 500 characters once trimmed. Empty when it may be sent.
 * @example coinCreditProblems({ coins: 0, reason: 'ok' }) // ['coins', 'reason']
 */
export function coinCreditProblems(credit: { coins: number; reason: string }): Array<'coins' | 'reason'> {
  const problems: Array<'coins' | 'reason'> = []
  if (!Number.isInteger(credit.coins) || credit.coins < 1 || credit.coins > COIN_CREDIT_MAX) problems.push('coins')
  const reason = credit.reason.trim().length
  if (reason < COIN_CREDIT_REASON_LENGTH.min || reason > COIN_CREDIT_REASON_LENGTH.max) problems.push('reason')
  return problems
}
