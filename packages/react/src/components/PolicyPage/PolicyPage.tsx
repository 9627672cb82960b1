import { useId, type ReactNode } from 'react'
import { routes } from '@comics/core'
import { useMessages, useNavigate } from '../../hooks'

export interface PolicyPageProps {
  title: ReactNode
  /** The policy text: paragraphs, lists, headings. */
  children: ReactNode
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
 */
export function PolicyPage({ title, children, onBack, className }: PolicyPageProps) {
  const messages = useMessages()
  const navigate = useNavigate()
  const titleId = useId()
  const back = () => {
    if (onBack) onBack()
    // A page opened from a bookmark or a mail link has nowhere to go back to inside the site.
    else if (window.history.length > 1) window.history.back()
    else navigate(routes.home)
  }
  return (
    <article className={className ? `comics-policy-page ${className}` : 'comics-policy-page'} aria-labelledby={titleId}>
      <button type="button" className="comics-button comics-policy-page__back" data-variant="ghost" onClick={back}>
        <span aria-hidden="true">←</span> {messages['common.back']}
      </button>
      <h1 id={titleId} className="comics-policy-page__title">
        {title}
      </h1>
      <div className="comics-policy-page__text">{children}</div>
    </article>
  )
}
