import { useContext } from 'react'
import { ComicsContext, type ComicsContextValue } from '../provider/comicsContext'

/**
 * The provider's value. `hookName` names the caller in the error a hook outside ComicsProvider throws,
 * so the stack trace points at the fix.
 * @example const { api } = useComicsContext('useComics')
 */
export function useComicsContext(hookName = 'useComicsContext'): ComicsContextValue {
  const value = useContext(ComicsContext)
  if (value === null) {
    throw new Error(
      `${hookName} must be used within a <ComicsProvider>: wrap the part of your app that uses the comics kit in <ComicsProvider>.`,
    )
  }
  return value
}
