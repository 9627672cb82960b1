import { PolicyPage, useMessages, useSiteConfig, type ReaderMessages, type TextMessageKey } from '@comics/react'
import type { PolicyContextInput, PolicyDocument } from '@comics/react/policies'

/** A policy page: the kit's document, filled with the core constants and the site's support address. */
export function PolicyScreen({
  document,
  titleKey,
}: {
  document: (input?: PolicyContextInput) => PolicyDocument
  titleKey: TextMessageKey & keyof ReaderMessages
}) {
  const messages = useMessages()
  const { supportEmail } = useSiteConfig()
  return <PolicyPage title={messages[titleKey]} document={document({ supportEmail })} />
}
