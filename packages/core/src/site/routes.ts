/** Route paths of spec §2. */
export const routes = Object.freeze({
  home: '/',
  categories: '/categories',
  premium: '/premium',
  account: '/account',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  paymentAndRefund: '/payment-and-refund',
  admin: '/admin',
  /** The coin shop (signed-in readers); `?return={path}` names the episode to go back to after paying. */
  coins: '/coins',
  /**
   * The site's email action page: the project's custom action URL, which Firebase uses for every kind of
   * emailed link (a password reset opens it with mode resetPassword).
   */
  emailAction: '/auth/action',
  /** Search results; `?q={query}` makes the address shareable. */
  search: '/search',
})

const seg = (value: string) => encodeURIComponent(value)

/** `/comic/{id}` or `/comic/{id}/uncensored`. */
export function comicPath(comicId: string, options: { uncensored?: boolean } = {}): string {
  return `/comic/${seg(comicId)}${options.uncensored ? '/uncensored' : ''}`
}

/** `/comic/{id}/{chapterId}` or its uncensored form. */
export function readerPath(
  comicId: string,
  chapterId: string,
  options: { uncensored?: boolean } = {},
): string {
  return `${comicPath(comicId)}/${seg(chapterId)}${options.uncensored ? '/uncensored' : ''}`
}

/** `/payment/{planId}`. */
export function paymentPath(planId: string): string {
  return `/payment/${seg(planId)}`
}

/** The coin shop, remembering the in-app path to go back to once the coins are credited. */
export function coinShopPath(returnTo?: string): string {
  return returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? `/coins?return=${seg(returnTo)}` : '/coins'
}

/** The search page for a query: `/search?q={query}` (`/search` without one). */
export function searchPath(query?: string): string {
  return query ? `/search?q=${seg(query)}` : '/search'
}
