import { memo, Suspense, useMemo, useSyncExternalStore } from 'react'
import { useParams } from 'react-router'
import { Reader } from '@comics/react'
// Likes and comments: a chunk of their own, fetched once the pages are shown.
import { EpisodeComments } from '../comments/lazyParts'

const noSubscription = () => () => {}

// The router renders its routes again as a navigation starts (its state 'loading'): the reader then
// renders nothing anew, its props unchanged, and the next episode's first page is not kept waiting.
const ReaderOfScreen = memo(Reader)

export interface ReaderScreenProps {
  /** /comic/{id}/{chapterId}/uncensored: the uncensored variant's pages. */
  uncensored: boolean
}

/** The reader (spec §2), full screen: no top bar or footer around it. */
export default function ReaderScreen({ uncensored }: ReaderScreenProps) {
  const { comicId = '', chapterId = '' } = useParams()
  // Rendered by the browser only (never in the server's render): false there and while hydrating.
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false)
  const comments = useMemo(
    () =>
      inBrowser && (
        <Suspense fallback={null}>
          <EpisodeComments key={chapterId} comicId={comicId} chapterId={chapterId} />
        </Suspense>
      ),
    [inBrowser, comicId, chapterId],
  )
  // Within a comic the reader stays mounted: another episode (Prev and Next, shown before their address
  // lands; the list; a link; continuous reading scrolling into it) starts afresh in it, its scroll, chrome
  // and page state reset by the reader itself, and only what changed is rendered again.
  return <ReaderOfScreen key={comicId} comicId={comicId} chapterId={chapterId} uncensored={uncensored} afterPages={comments} />
}
