import { useEffect, useMemo, useState } from 'react'
import { useLocation } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { chaptersQueryOptions, comicQueryOptions, PageTitle, pageTitle, useApi, useMessages, useSiteMode } from '@comics/react'
import { pageAt } from './pageAt'

/**
 * The document's title for the route shown (the kit's `pageTitle`, as the server wrote it into the
 * HTML), kept up to date on every navigation in the browser and announced by the kit's PageTitle. A
 * comic page and a reader are titled once their comic (and episode) have loaded: the title watches the
 * queries their screens make, without ever starting one (a query of its own would fill the cache
 * before a screen the server rendered has hydrated, and the screen would then not match the server's
 * HTML); a comic or episode the host does not have is titled as not found. Mounted once the page has
 * hydrated: the server wrote the first title into the head.
 */
export function SiteTitle() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated ? <DocumentTitle /> : null
}

function DocumentTitle() {
  const { pathname } = useLocation()
  const messages = useMessages()
  const page = useMemo(() => pageAt(pathname), [pathname])
  const comicId = page.kind === 'comic' || page.kind === 'reader' ? page.comicId : null
  const api = useApi()
  const siteMode = useSiteMode()
  const comic = useQuery({ ...comicQueryOptions(api, siteMode, comicId ?? ''), enabled: false })
  const chapters = useQuery({ ...chaptersQueryOptions(api, page.kind === 'reader' ? page.comicId : ''), enabled: false })

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
