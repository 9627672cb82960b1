import { pageHead, siteOrigin, type HostConfig, type PageHead, type SiteMode } from '@comics/core'
import { READER_MESSAGES, pageTitle } from '@comics/react'
import type { HeadFor } from './screenData'

// Core's page-head rules are needed by the server's render and by a navigation in the browser, never by
// a page's first load (its head comes with the document): the browser fetches this module on a navigation.

/** The head of a page on `siteMode`'s host: core's rules, the kit's title, the configured origin. */
export function headOf(head: HeadFor, siteMode: SiteMode, hosts: HostConfig, protocol?: 'http' | 'https'): PageHead {
  const messages = READER_MESSAGES
  return pageHead({
    page: head.page,
    title: pageTitle(messages, head.titled),
    siteDescription: messages['page.description'],
    siteName: messages['page.service'],
    origin: siteOrigin(siteMode, hosts, protocol),
    mode: siteMode,
  })
}
