import type { NavigateOptions } from '../provider/comicsContext'
import { useComicsContext } from './useComicsContext'

/**
 * The kit's in-app navigation (the site's router, or `window.location.assign`).
 * @example
 * const navigate = useNavigate()
 * navigate('/premium')
 */
export function useNavigate(): (path: string, options?: NavigateOptions) => void {
  return useComicsContext('useNavigate').navigate
}
