import { useEffect, useRef, useState } from 'react'

export interface PageTitleProps {
  /**
   * The page's title (the kit's `pageTitle`), or null while the data it names is loading: the title
   * then stays as it was, and nothing is announced until the page's own title is known.
   */
  title: string | null
}

/**
 * Keeps the document's title on the page shown and, after a navigation in the browser, says the new
 * title in a polite live region (a screen reader hears where it has arrived, as on a full page load,
 * where the browser reads the title itself: the first title is not announced). Render it once, around
 * every route.
 */
export function PageTitle({ title }: PageTitleProps) {
  const [announced, setAnnounced] = useState('')
  const previous = useRef<string | null>(null)
  useEffect(() => {
    if (title === null) return
    if (document.title !== title) document.title = title
    // The page as loaded is not announced: the browser has read its title already.
    if (previous.current !== null && previous.current !== title) setAnnounced(title)
    previous.current = title
  }, [title])
  return (
    <div className="comics-visually-hidden" aria-live="polite" aria-atomic="true" data-comics-page-title="">
      {announced}
    </div>
  )
}
