import { Suspense, useState, useSyncExternalStore } from 'react'
import { useNavigationType, useParams } from 'react-router'
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
  // An episode opened (Next, the list, a link) is a new reader: its scroll, chrome and page state start
  // afresh, as fast as a first render. One that continuous reading scrolled into replaced the address: the
  // same reader goes on, its strip kept.
  const episode = `${comicId}/${chapterId}`
  const navigationType = useNavigationType()
  const [reader, setReader] = useState({ comicId, episode, key: episode })
  const continued = reader.episode === episode || (navigationType === 'REPLACE' && reader.comicId === comicId)
  const key = continued ? reader.key : episode
  if (reader.episode !== episode) setReader({ comicId, episode, key })
  return (
    <Reader
      key={key}
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
