import { useComicsContext } from './useComicsContext'

/**
 * Leaves the app for an absolute url: the checkout page, the other main site.
 * @example
 * const redirect = useRedirect()
 * redirect(checkoutUrl)
 */
export function useRedirect(): (url: string) => void {
  return useComicsContext('useRedirect').redirect
}
