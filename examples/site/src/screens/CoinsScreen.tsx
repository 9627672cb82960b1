import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { ANALYTICS_EVENTS, routes } from '@comics/core'
import { CoinBalance, CoinShop, useAnalytics } from '@comics/react'

/** An in-app path to go back to, never another site's address. */
const inAppPath = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : null)

/**
 * The coin shop (signed-in readers): the balance, the packs, the Coin rules and the terms before paying.
 * Back from the payment page (`?checkout={id}`) it waits for the credit and offers the episode the reader
 * came from (`?return={path}`).
 */
export default function CoinsScreen() {
  const analytics = useAnalytics()
  const [searchParams] = useSearchParams()
  const tracked = useRef(false)
  useEffect(() => {
    if (tracked.current) return
    tracked.current = true
    analytics.track(ANALYTICS_EVENTS.pageView, { page: routes.coins })
  }, [analytics])
  const returnTo = inAppPath(searchParams.get('return'))
  const shopUrl = new URL(routes.coins, window.location.origin)
  if (returnTo) shopUrl.searchParams.set('return', returnTo)
  return (
    <div className="site-coins">
      <CoinBalance />
      <CoinShop returnUrl={shopUrl.href} checkoutId={searchParams.get('checkout')} returnTo={returnTo} />
    </div>
  )
}
