export { DEFAULT_MESSAGES, type MessageKey, type Messages, type MessagesOf, type PluralMessageKey, type ReaderMessages, type AccountMessages, type SignInMessages, type EpisodeMessages, type AdminMessages, type TextMessageKey } from './defaultMessages'
export { READER_MESSAGES } from './readerMessages'
export { EPISODE_MESSAGES } from './episodeMessages'
export { SIGN_IN_MESSAGES } from './signInMessages'
export { ACCOUNT_MESSAGES } from './accountMessages'
export { ADMIN_MESSAGES } from './adminMessages'
export { COMMENT_MESSAGES } from './commentMessages'
export {
  DEFAULT_LOCALE,
  formatMessage,
  formatMoney,
  type Message,
  type MessageValues,
  type PluralMessage,
} from './formatMessage'
