import type { LinkComponent } from '../provider/comicsContext'
import { useComicsContext } from './useComicsContext'

/**
 * The link component for in-app paths (the site's router link, or an `<a href>`).
 * @example
 * const Link = useLink()
 * return <Link to="/categories">Categories</Link>
 */
export function useLink(): LinkComponent {
  return useComicsContext('useLink').Link
}
