import { useMemo } from 'react'
import { useLocation } from 'react-router'
import { PageTitle, pageTitle, useChapters, useComic, useMessages } from '@comics/react'
import { pageAt } from './pageAt'

/**
 * The document's title for the route shown (the kit's `pageTitle`, as the server wrote it into the
 * HTML), kept up to date on every navigation in the browser and announced by the kit's PageTitle. A
 * comic page and a reader are titled once their comic (and episode) have loaded, from the queries their
 * screens read anyway; a comic or episode the host does not have is titled as not found.
 */
export function SiteTitle() {
  const { pathname } = useLocation()
  const messages = useMessages()
  const page = useMemo(() => pageAt(pathname), [pathname])
  const comicId = page.kind === 'comic' || page.kind === 'reader' ? page.comicId : null
  const comic = useComic(comicId)
  const chapters = useChapters(page.kind === 'reader' ? page.comicId : null)

  let title: string | null
  switch (page.kind) {
    case 'comic':
      title = comic.data ? pageTitle(messages, { kind: 'comic', comic: comic.data, uncensored: page.uncensored }) : comic.data === null ? pageTitle(messages, { kind: 'notFound' }) : null
      break
    case 'reader': {
      const chapter = chapters.data?.find((candidate) => candidate.id === page.chapterId)
      if (comic.data === null || (chapters.data && !chapter)) title = pageTitle(messages, { kind: 'notFound' })
      else title = comic.data && chapter ? pageTitle(messages, { kind: 'reader', comic: comic.data, chapter, uncensored: page.uncensored }) : null
      break
    }
    case 'policy':
      title = pageTitle(messages, { kind: 'policy', policy: page.policy })
      break
    default:
      title = pageTitle(messages, { kind: page.kind })
  }
  return <PageTitle title={title} />
}
