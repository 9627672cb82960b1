import type { Chapter, Comic } from '@comics/core'
import { formatMessage, type ReaderMessages } from '../../messages'

/** The policy pages, by the key of their name in the messages. */
export type PolicyTitleKey = 'policy.privacyPolicy' | 'policy.termsOfUse' | 'policy.paymentAndRefund'

/** What a page shows, as much as its title needs. */
export type TitledPage =
  | { kind: 'home' | 'categories' | 'premium' | 'account' | 'payment' | 'coins' | 'emailAction' | 'admin' | 'notFound' }
  | { kind: 'comic'; comic: Pick<Comic, 'title'>; uncensored?: boolean }
  | { kind: 'reader'; comic: Pick<Comic, 'title'>; chapter: Pick<Chapter, 'chapterNumber'>; uncensored?: boolean }
  | { kind: 'policy'; policy: PolicyTitleKey }

/**
 * The document title of a page, from the messages (a partner changes any of them through the provider):
 * "{comic} — Episode {n} — {service}", "Categories — {service}", and so on. The same function titles
 * the page in the server's HTML and after a navigation in the browser.
 * @example pageTitle(DEFAULT_MESSAGES, { kind: 'reader', comic, chapter }) // 'Moon — Episode 4 — Comics'
 */
export function pageTitle(messages: ReaderMessages, page: TitledPage): string {
  const service = messages['page.service']
  switch (page.kind) {
    case 'comic':
      return formatMessage(messages[page.uncensored ? 'page.title.comicUncensored' : 'page.title.comic'], { comic: page.comic.title, service })
    case 'reader':
      return formatMessage(messages[page.uncensored ? 'page.title.readerUncensored' : 'page.title.reader'], {
        comic: page.comic.title,
        n: page.chapter.chapterNumber,
        service,
      })
    case 'policy':
      return formatMessage(messages['page.title.policy'], { policy: messages[page.policy], service })
    default:
      return formatMessage(messages[`page.title.${page.kind}`], { service })
  }
}
