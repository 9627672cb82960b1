import { useParams } from 'react-router'
import { ComicPreview, EpisodeList, FollowButton, WaitForFreeStatus } from '@comics/react'

export interface ComicScreenProps {
  /** /comic/{id}/uncensored: the uncensored banner, and episodes open in the uncensored reader. */
  uncensored: boolean
}

/** The comic page (spec §2): the preview banner, following the series, and the episode list. */
export default function ComicScreen({ uncensored }: ComicScreenProps) {
  const { comicId = '' } = useParams()
  return (
    <div className="site-comic">
      <ComicPreview comicId={comicId} uncensored={uncensored} uncensoredBannerUrl="/uncensored-banner.svg" />
      <FollowButton comicId={comicId} className="site-comic__follow" />
      {/* Free after a wait never opens the uncensored edition: no timer there. */}
      {!uncensored && <WaitForFreeStatus comicId={comicId} className="site-comic__wait-for-free" />}
      <EpisodeList comicId={comicId} uncensored={uncensored} />
    </div>
  )
}
