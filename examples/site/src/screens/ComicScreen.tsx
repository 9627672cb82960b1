import { Suspense, useSyncExternalStore } from 'react'
import { useParams } from 'react-router'
import { ComicPreview, EpisodeList, FollowButton, WaitForFreeStatus } from '@comics/react'
// Counts and comments: a chunk of their own, loaded after the page's first render.
import { ComicReactions } from '../comments/lazyParts'
import { ReactionsRoom } from '../comments/ReactionsRoom'

const noSubscription = () => () => {}

export interface ComicScreenProps {
  /** /comic/{id}/uncensored: the uncensored banner, and episodes open in the uncensored reader. */
  uncensored: boolean
}

/**
 * The comic page (spec §2): on a phone a compact header (cover, title, genres, counts, Start and Follow)
 * with the episode rows under it; from 768 px two columns, the comic on the left and its episodes on the right.
 */
export default function ComicScreen({ uncensored }: ComicScreenProps) {
  const { comicId = '' } = useParams()
  // The counts are the browser's (never in the server's render, which stays the same for every reader);
  // their line's room is there from the first paint, so that nothing moves when they show.
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false)
  const room = <ReactionsRoom />
  return (
    <div className="site-comic">
      <ComicPreview
        comicId={comicId}
        uncensored={uncensored}
        uncensoredBannerUrl="/uncensored-banner.svg"
        className="site-comic__about"
        actions={<FollowButton comicId={comicId} className="site-comic__follow" />}
        details={
          inBrowser ? (
            <Suspense fallback={room}>
              <ComicReactions comicId={comicId} />
            </Suspense>
          ) : (
            room
          )
        }
      />
      <div className="site-comic__episodes">
        {/* Free after a wait never opens the uncensored edition: no timer there. */}
        {!uncensored && <WaitForFreeStatus comicId={comicId} className="site-comic__wait-for-free" />}
        <EpisodeList comicId={comicId} uncensored={uncensored} reactions />
      </div>
    </div>
  )
}
