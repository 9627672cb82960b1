import { useId, type ReactNode } from 'react'
import { useGoBack, useMessages } from '../../hooks'
import type { PolicyDocument } from '../../policies/types'

export interface PolicyPageProps {
  /** The page heading; default the document's title. */
  title?: ReactNode
  /** The policy text: paragraphs, lists, headings. Shown after `document` when both are given. */
  children?: ReactNode
  /** A structured policy text, e.g. `privacyPolicy()`: its intro, then each section under an h2. */
  document?: PolicyDocument
  /** What Back does; default the previous page, or / when the page was opened directly. */
  onBack?: () => void
  className?: string
}

/**
 * A policy page (spec §2): a back button, the title and the text.
 * @example
 * <PolicyPage title="Privacy Policy">
 *   <p>We keep your reading progress in this browser only.</p>
 * </PolicyPage>
 * <PolicyPage document={termsOfUse({ supportEmail: 'help@comics.example' })} />
 */
export function PolicyPage({ title, children, document, onBack, className }: PolicyPageProps) {
  const messages = useMessages()
  const titleId = useId()
  const back = useGoBack(onBack)
  return (
    <article className={className ? `comics-policy-page ${className}` : 'comics-policy-page'} aria-labelledby={titleId}>
      <button type="button" className="comics-button comics-policy-page__back" data-variant="ghost" onClick={back}>
        <span aria-hidden="true">←</span> {messages['common.back']}
      </button>
      <h1 id={titleId} className="comics-policy-page__title">
        {title ?? document?.title}
      </h1>
      <div className="comics-policy-page__text">
        {document && <DocumentBody document={document} idPrefix={titleId} />}
        {children}
      </div>
    </article>
  )
}

function DocumentBody({ document, idPrefix }: { document: PolicyDocument; idPrefix: string }) {
  return (
    <>
      {document.intro.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      {document.sections.map((section) => {
        const headingId = `${idPrefix}-${section.id}`
        return (
          <section key={section.id} aria-labelledby={headingId}>
            <h2 id={headingId}>{section.heading}</h2>
            {section.paragraphs.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
            {section.items && section.items.length > 0 && (
              <ul>
                {section.items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        )
      })}
    </>
  )
}
