import type { Messages } from '../messages'
import { useComicsContext } from './useComicsContext'

/**
 * Every visible string, with the provider's overrides applied.
 * @example
 * const messages = useMessages()
 * formatMessage(messages['episodes.count'], { n: chapters.length })
 */
export function useMessages(): Messages {
  return useComicsContext('useMessages').messages
}
