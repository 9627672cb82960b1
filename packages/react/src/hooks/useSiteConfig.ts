import type { SiteConfig } from '../provider/comicsContext'
import { useComicsContext } from './useComicsContext'

/**
 * The site config given to ComicsProvider (support email, hosts, featured comics).
 * @example const { supportEmail } = useSiteConfig()
 */
export function useSiteConfig(): SiteConfig {
  return useComicsContext('useSiteConfig').site
}
