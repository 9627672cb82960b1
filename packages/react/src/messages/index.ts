export { DEFAULT_MESSAGES, type MessageKey, type Messages } from './defaultMessages'
export { formatMessage, type MessageValues } from './formatMessage'
