export { DEFAULT_MESSAGES, type MessageKey, type Messages, type PluralMessageKey, type TextMessageKey } from './defaultMessages'
export {
  DEFAULT_LOCALE,
  formatMessage,
  formatMoney,
  type Message,
  type MessageValues,
  type PluralMessage,
} from './formatMessage'
