import type { sandboxCheckouts } from '../../db/schema'
import { groupedCardNumber, TEST_CARDS } from './test-cards'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Why the form is shown again. */
export type PageNotice = 'declined' | 'not-a-test-card' | 'invalid-card'

const NOTICES: Record<PageNotice, string> = {
  declined: 'Your card was declined. Try another card, or go back.',
  'not-a-test-card': 'That is not one of the sandbox test cards listed below.',
  'invalid-card': 'Check the card: expiry as MM/YY and a CVC of 3 or 4 digits.',
}

const money = (cents: number, currency: string) => (currency === 'USD' ? `$${(cents / 100).toFixed(2)}` : `${(cents / 100).toFixed(2)} ${currency}`)

/**
 * The sandbox's hosted checkout page: the order (description and amount), a card form with the test
 * cards, and a way back. Every dynamic value is escaped; the page runs no script.
 */
export function renderHostedPage(
  checkout: typeof sandboxCheckouts.$inferSelect,
  options: { notice?: PageNotice; typed?: { expiry?: string } } = {},
): string {
  const base = `/api/v1/checkout/${encodeURIComponent(checkout.id)}`
  const price = money(checkout.amountCents, checkout.currency)
  const status = checkout.status
  let body: string
  if (status === 'open') {
    body = `${options.notice ? `<p class="notice" role="alert">${escapeHtml(NOTICES[options.notice])}</p>` : ''}
  <form method="post" action="${escapeHtml(base)}/pay" class="card">
    <label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="4242 4242 4242 4242"></label>
    <div class="row">
      <label>Expiry (MM/YY) <input name="expiry" autocomplete="cc-exp" required maxlength="7" placeholder="12/34" value="${escapeHtml(options.typed?.expiry ?? '')}"></label>
      <label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"></label>
    </div>
    <button type="submit" class="pay">Pay ${escapeHtml(price)}</button>
  </form>
  <form method="post" action="${escapeHtml(base)}/cancel"><button type="submit" class="cancel">Cancel and go back</button></form>
  <details class="cards" open><summary>Test cards (any future expiry, any CVC)</summary><ul>${TEST_CARDS.map(
    (card) => `<li><code>${groupedCardNumber(card.number)}</code> ${escapeHtml(card.label)}</li>`,
  ).join('')}</ul></details>`
  } else if (status === 'processing') {
    body = `<p role="status">Payment processing…</p><p><a href="${escapeHtml(checkout.successUrl)}">Back to the site</a></p>`
  } else if (status === 'paid') {
    body = `<p role="status">This checkout is paid.</p><p><a href="${escapeHtml(checkout.successUrl)}">Back to the site</a></p>`
  } else {
    body = `<p role="status">This checkout has expired.</p><p><a href="${escapeHtml(checkout.cancelUrl)}">Back to the site</a></p>`
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout: ${escapeHtml(checkout.description)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #222; }
  .sandbox { background: #fff3cd; padding: .5rem .75rem; border-radius: .25rem; font-size: .9rem; }
  .summary { border: 1px solid #ddd; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  .price { font-size: 1.5rem; font-weight: 700; }
  .notice { background: #fde2e4; color: #8a1024; padding: .5rem .75rem; border-radius: .25rem; }
  .card label { display: block; margin: .5rem 0; } .card input { display: block; width: 100%; font-size: 1rem; padding: .4rem; box-sizing: border-box; }
  .row { display: flex; gap: .75rem; } .row label { flex: 1; }
  form { margin: .75rem 0; }
  button { font-size: 1rem; padding: .6rem 1.2rem; border-radius: .4rem; border: 0; cursor: pointer; }
  .pay { background: #e0245e; color: #fff; } .cancel { background: #eee; }
  .cards { font-size: .9rem; margin-top: 1rem; }
</style>
</head>
<body>
  <p class="sandbox">Sandbox payment page: no money moves.</p>
  <h1>Your Order</h1>
  <div class="summary">
    <p><strong>${escapeHtml(checkout.description)}</strong></p>
    <p class="price">${escapeHtml(price)}</p>
  </div>
  ${body}
</body>
</html>`
}
