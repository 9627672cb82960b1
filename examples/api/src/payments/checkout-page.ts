import type { Plan } from '@comics/core/rules'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The plan's description as plain text lines (it is HTML written by the kit; the page shows it escaped). */
const descriptionLines = (html: string) =>
  html
    .split(/<\/li>|<br\s*\/?>/i)
    .map((line) => line.replace(/<[^>]*>/g, '').trim())
    .filter(Boolean)

export interface CheckoutPageView {
  checkoutId: string
  plan: Plan
  price: number
  firstPurchase: boolean
  status: 'open' | 'paid' | 'cancelled'
  urlSuccess: string
}

/**
 * The sandbox payment page: the order summary (plan, duration, price) with Pay and Cancel, standing in
 * for a payment provider's hosted page. Every dynamic value is escaped.
 */
export function renderCheckoutPage(view: CheckoutPageView): string {
  const base = `/api/v1/checkout/${encodeURIComponent(view.checkoutId)}`
  const price = `$${view.price.toFixed(2)}`
  const priceNote = view.firstPurchase && view.plan.price !== view.plan.renewalPrice
    ? `First purchase price; then $${view.plan.renewalPrice.toFixed(2)} every ${view.plan.period}.`
    : `Renews at ${price} every ${view.plan.period}.`
  const actions =
    view.status === 'open'
      ? `<form method="post" action="${escapeHtml(base)}/pay"><button type="submit" class="pay">Pay ${escapeHtml(price)}</button></form>
    <form method="post" action="${escapeHtml(base)}/cancel"><button type="submit" class="cancel">Cancel</button></form>`
      : `<p>This checkout is ${escapeHtml(view.status)}.</p><p><a href="${escapeHtml(view.urlSuccess)}">Back to the site</a></p>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout: ${escapeHtml(view.plan.duration)} premium membership</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #222; }
  .sandbox { background: #fff3cd; padding: .5rem .75rem; border-radius: .25rem; font-size: .9rem; }
  .summary { border: 1px solid #ddd; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  .price { font-size: 1.5rem; font-weight: 700; }
  form { display: inline-block; margin-right: .5rem; }
  button { font-size: 1rem; padding: .6rem 1.2rem; border-radius: .4rem; border: 0; cursor: pointer; }
  .pay { background: #e0245e; color: #fff; } .cancel { background: #eee; }
</style>
</head>
<body>
  <p class="sandbox">Sandbox payment page: no money moves.</p>
  <h1>Your Order</h1>
  <div class="summary">
    <p><strong>premium membership</strong>: ${escapeHtml(view.plan.duration)} (plan ${escapeHtml(view.plan.id)}, level ${view.plan.level})</p>
    <ul>${descriptionLines(view.plan.description).map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
    <p class="price">${escapeHtml(price)} <small>/ ${escapeHtml(view.plan.period)}</small></p>
    <p>${escapeHtml(priceNote)}</p>
  </div>
  ${actions}
</body>
</html>`
}
