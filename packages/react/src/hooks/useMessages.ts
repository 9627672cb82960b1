import { useMemo } from 'react'
import type { Messages, MessagesOf, ReaderMessages } from '../messages'
import { useComicsContext } from './useComicsContext'

/**
 * Every visible string of the readers' screens (READER_MESSAGES), with the provider's overrides applied.
 * A component of a signed-in reader's own pages or of the admin passes its table too
 * (`useMessages(ACCOUNT_MESSAGES)`, `useMessages(ADMIN_MESSAGES)`): its messages are added, the
 * provider's overrides still win, and the table is bundled only with the components that use it.
 * @example
 * const messages = useMessages()
 * formatMessage(messages['episodes.count'], { n: chapters.length })
 * const accountMessages = useMessages(ACCOUNT_MESSAGES)
 * accountMessages['account.title']
 */
export function useMessages(): ReaderMessages
export function useMessages<Table extends Partial<Messages>>(table: Table): ReaderMessages & MessagesOf<Table>
export function useMessages(table?: Partial<Messages>): ReaderMessages {
  const { messages } = useComicsContext('useMessages')
  // The provider's table holds its overrides of every key, so they are laid over the component's table.
  return useMemo(() => (table ? { ...table, ...messages } : messages), [table, messages])
}
