import { Suspense, useSyncExternalStore } from 'react'
import { useParams } from 'react-router'
import { Reader } from '@comics/react'
// Likes and comments: a chunk of their own, fetched once the pages are shown.
import { EpisodeComments } from '../comments/lazyParts'

const noSubscription = () => () => {}

export interface ReaderScreenProps {
  /** /comic/{id}/{chapterId}/uncensored: the uncensored variant's pages. */
  uncensored: boolean
}

/** The reader (spec §2), full screen: no top bar or footer around it. */
export default function ReaderScreen({ uncensored }: ReaderScreenProps) {
  const { comicId = '', chapterId = '' } = useParams()
  // Rendered by the browser only (never in the server's render): false there and while hydrating.
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false)
  // Another comic is a new reader. Another episode of the same comic is the reader's own affair: it starts
  // afresh on one opened (Next, the list, a link), and keeps its strip when continuous reading scrolled to it.
  return (
    <Reader
      key={comicId}
      comicId={comicId}
      chapterId={chapterId}
      uncensored={uncensored}
      afterPages={
        inBrowser && (
          <Suspense fallback={null}>
            <EpisodeComments key={chapterId} comicId={comicId} chapterId={chapterId} />
          </Suspense>
        )
      }
    />
  )
}
