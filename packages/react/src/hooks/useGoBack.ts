import { routes } from '@comics/core'
import { useNavigate } from './useNavigate'

/**
 * What a page's back button does: the caller's `onBack` when given, else the browser's previous page,
 * else home — a page opened from a bookmark or a mail link has nowhere to go back to inside the site.
 * @example
 * const back = useGoBack(onBack)
 * return <button onClick={back}>Back</button>
 */
export function useGoBack(onBack?: () => void): () => void {
  const navigate = useNavigate()
  return () => {
    if (onBack) onBack()
    else if (window.history.length > 1) window.history.back()
    else navigate(routes.home)
  }
}
