import { useId, useState } from 'react'
import { formatMessage, formatMoney } from '../../messages'
import { useAnalytics, useCoinCheckout, useCoinPacks, useCoinPurchaseConfirmation, useLink, useLocale, useMessages } from '../../hooks'
import { ANALYTICS_EVENTS, type CoinPackId } from '@comics/core'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'
import { TermsAgreement } from '../TermsAgreement'

export interface CoinShopProps {
  /**
   * The full URL the payment page comes back to (this shop's URL: it gets `?checkout={id}`). Default the
   * current page's URL.
   */
  returnUrl?: string
  /** The order the reader is back from (`?checkout={id}`): its coins are confirmed and shown. */
  checkoutId?: string | null
  /** The in-app path of the episode to go back to once the coins are credited. */
  returnTo?: string | null
  /** Where to send the browser with the payment page's url; default the provider's `redirect`. */
  redirect?: (url: string) => void
  className?: string
}

/**
 * The coin shop: the packs (core `COIN_PACKS`, bonus coins shown), the Coin rules of spec §9, and the
 * terms checkbox (its Terms and Conditions a link) that must be ticked before paying; until it is, Buy
 * says why ('Accept the terms to continue'). Buying opens the same payment page as a subscription;
 * back from it (`checkoutId`) the shop says 'Payment processing…' until the coins are credited, then offers
 * the way back to the episode.
 * @example
 * <CoinShop checkoutId={params.get('checkout')} returnTo={params.get('return')} />
 */
export function CoinShop({ returnUrl, checkoutId = null, returnTo = null, redirect, className }: CoinShopProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const locale = useLocale()
  const Link = useLink()
  const analytics = useAnalytics()
  const { packs, isPending, error, refetch } = useCoinPacks()
  const checkout = useCoinCheckout(redirect ? { redirect } : {})
  const confirmation = useCoinPurchaseConfirmation(checkoutId)
  const [selected, setSelected] = useState<CoinPackId | null>(null)
  const [agreed, setAgreed] = useState(false)
  const termsId = useId()
  const chosen = selected ?? packs[0]?.id ?? null
  const pack = packs.find((p) => p.id === chosen)

  const base = className ? `comics-coin-shop ${className}` : 'comics-coin-shop'
  return (
    <section className={base} aria-labelledby={`${termsId}-heading`} data-state={isPending ? 'loading' : error ? 'error' : 'ready'}>
      <h1 id={`${termsId}-heading`} className="comics-coin-shop__heading">{messages['coins.shopHeading']}</h1>
      {checkoutId && (
        <div className="comics-coin-shop__status" role="status" data-status={confirmation.status}>
          {confirmation.status === 'pending' && messages['coins.purchasePending']}
          {confirmation.status === 'credited' && formatMessage(messages['coins.purchaseCredited'], { n: confirmation.entry!.coins })}
          {confirmation.status === 'failed' && messages['coins.purchaseFailed']}
          {confirmation.status === 'credited' && returnTo && (
            <Link to={returnTo} className="comics-button comics-coin-shop__back">{messages['coins.backToEpisode']}</Link>
          )}
        </div>
      )}
      {isPending && <p className="comics-coin-shop__loading" aria-busy="true">{messages['common.loading']}</p>}
      {error && (
        <div role="alert" className="comics-coin-shop__error">
          {messages['common.error']}{' '}
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void refetch()}>{messages['common.retry']}</button>
        </div>
      )}
      {packs.length > 0 && (
        <form
          className="comics-coin-shop__form"
          onSubmit={(event) => {
            event.preventDefault()
            if (!chosen || !agreed) return
            analytics.track(ANALYTICS_EVENTS.coinPackCheckout, { pack_id: chosen, value: pack?.price })
            checkout.mutate({ packId: chosen, returnTo: returnUrl ?? window.location.href.replace(/[?&]checkout=[^&#]*/, '') })
          }}
        >
          <fieldset className="comics-coin-shop__packs">
            <legend className="comics-visually-hidden">{messages['coins.shopHeading']}</legend>
            {packs.map((p) => (
              <label key={p.id} className="comics-coin-shop__pack" data-selected={p.id === chosen}>
                <input type="radio" name="coin-pack" value={p.id} checked={p.id === chosen} onChange={() => setSelected(p.id)} />
                <span className="comics-coin-shop__coins">{formatMessage(messages['coins.pack'], { n: p.coins }, locale)}</span>
                {p.bonusCoins > 0 && <span className="comics-coin-shop__bonus">{formatMessage(messages['coins.bonus'], { n: p.bonusCoins })}</span>}
                <span className="comics-coin-shop__price">{formatMoney(p.price, locale)}</span>
              </label>
            ))}
          </fieldset>
          <p className="comics-coin-shop__rules">{messages['coins.rules']}</p>
          <TermsAgreement className="comics-coin-shop__terms" text={messages['coins.terms']} checked={agreed} onChange={setAgreed} />
          {checkout.error && <p role="alert" className="comics-coin-shop__error">{messages['common.error']}</p>}
          <button
            type="submit"
            className="comics-button"
            disabled={!agreed || !pack || checkout.isPending}
            aria-busy={checkout.isPending}
            aria-describedby={agreed ? undefined : `${termsId}-hint`}
          >
            {checkout.isPending ? messages['coins.paying'] : formatMessage(messages['coins.pay'], { price: pack ? formatMoney(pack.price, locale) : '' })}
          </button>
          {!agreed && (
            <p id={`${termsId}-hint`} className="comics-pay-hint">
              {messages['terms.required']}
            </p>
          )}
        </form>
      )}
    </section>
  )
}
