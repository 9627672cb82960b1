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
  return useMemo(() => (table ? withOverrides(table, messages) : messages), [table, messages])
}

/**
 * Each component table with a provider's messages laid over it, made once per pair: a render on the
 * server keeps no memo between components, and a list's every row copied both tables (hundreds of keys)
 * again. Held weakly, so a provider's table dropped with its app drops its merges too.
 */
const merged = new WeakMap<Partial<Messages>, WeakMap<ReaderMessages, ReaderMessages>>()

function withOverrides(table: Partial<Messages>, messages: ReaderMessages): ReaderMessages {
  let byMessages = merged.get(table)
  if (!byMessages) {
    byMessages = new WeakMap()
    merged.set(table, byMessages)
  }
  let result = byMessages.get(messages)
  if (!result) {
    // The provider's table holds its overrides of every key, so they are laid over the component's table.
    result = { ...table, ...messages }
    byMessages.set(messages, result)
  }
  return result
}
