import { ACCOUNT_MESSAGES } from './accountMessages'
import { ADMIN_MESSAGES } from './adminMessages'
import { COMMENT_MESSAGES } from './commentMessages'
import type { Message } from './formatMessage'
import { READER_MESSAGES } from './readerMessages'
import { SIGN_IN_MESSAGES } from './signInMessages'
import { EPISODE_MESSAGES } from './episodeMessages'

/**
 * Every visible string of the kit, keyed by where it shows. Quoted copy of the spec is exact (§2, §5);
 * `{name}` placeholders are filled by {@link formatMessage}, and a count picks the plural form of a
 * message that has them (`episodes.count`). Core's auth and form messages are merged in
 * under their own keys (`auth.network`, `passwords-mismatch`) so one object overrides them all.
 * The kit's components take them in tables (READER_MESSAGES, EPISODE_MESSAGES, SIGN_IN_MESSAGES,
 * ACCOUNT_MESSAGES, ADMIN_MESSAGES, COMMENT_MESSAGES), so a page carries only the copy of what it shows; this is all of them.
 */
// Object.assign rather than a spread: bundlers drop an unused pure call whose arguments are plain names,
// but keep an object spread (it could run a getter), which would keep the three tables in every page.
export const DEFAULT_MESSAGES = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ Object.assign({}, READER_MESSAGES, EPISODE_MESSAGES, SIGN_IN_MESSAGES, ACCOUNT_MESSAGES, ADMIN_MESSAGES, COMMENT_MESSAGES) as typeof READER_MESSAGES &
    typeof EPISODE_MESSAGES &
    typeof SIGN_IN_MESSAGES &
    typeof ACCOUNT_MESSAGES &
    typeof ADMIN_MESSAGES &
    typeof COMMENT_MESSAGES,
)

/** A key of {@link DEFAULT_MESSAGES}. */
export type MessageKey = keyof typeof DEFAULT_MESSAGES

/** The keys whose message has plural forms (`{ one, other }`): a count picks the form. */
export type PluralMessageKey = {
  [K in MessageKey]: (typeof DEFAULT_MESSAGES)[K] extends string ? never : K
}[MessageKey]

/** The keys whose message is one plain string, shown as it is. */
export type TextMessageKey = Exclude<MessageKey, PluralMessageKey>

/**
 * Every visible string of the kit. Pass a `Partial<Messages>` to `ComicsProvider` to override some;
 * a message with plural forms takes a {@link PluralMessage} (or one string for every count).
 */
export type Messages = { readonly [K in MessageKey]: K extends PluralMessageKey ? Message : string }

/** The messages of a table (READER_MESSAGES, ACCOUNT_MESSAGES, ADMIN_MESSAGES), typed as {@link Messages} types them. */
export type MessagesOf<Table> = { readonly [K in keyof Table & MessageKey]: Messages[K] }

/** The messages every page has, from `useMessages()`: the readers' screens' (READER_MESSAGES). */
export type ReaderMessages = MessagesOf<typeof READER_MESSAGES>

/** What `useMessages(EPISODE_MESSAGES)` gives a component of a comic's episodes (its list, the reader). */
export type EpisodeMessages = ReaderMessages & MessagesOf<typeof EPISODE_MESSAGES>

/** What `useMessages(SIGN_IN_MESSAGES)` gives a component of signing in. */
export type SignInMessages = ReaderMessages & MessagesOf<typeof SIGN_IN_MESSAGES>

/** What `useMessages(ACCOUNT_MESSAGES)` gives a component of a signed-in reader's own pages. */
export type AccountMessages = ReaderMessages & MessagesOf<typeof ACCOUNT_MESSAGES>

/** What `useMessages(ADMIN_MESSAGES)` gives a component of the admin's tools. */
export type AdminMessages = ReaderMessages & MessagesOf<typeof ADMIN_MESSAGES>
