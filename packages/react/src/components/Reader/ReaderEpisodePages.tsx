import { memo, useCallback } from 'react'
import type { Asset, AssetVariantName } from '@comics/core'
import { useEpisodeAssets, useMessages } from '../../hooks'
import { EPISODE_MESSAGES } from '../../messages'
import { ReaderPage, ReaderPagePlaceholder } from './ReaderPage'

/**
 * Which of an episode's page images are mounted: only the first (while it loads, it gets the whole
 * connection), all of them (each loads lazily as it nears the viewport), or none (an episode of a
 * continuous strip far from the one read: its pages hold their boxes and their images are released).
 */
export type ReaderEpisodeMount = 'first' | 'all' | 'none'

export interface ReaderEpisodePagesProps {
  comicId: string
  chapterId: string
  variant: AssetVariantName
  /** The page images' `sizes`. */
  sizes: string
  mount: ReaderEpisodeMount
  /**
   * The episode's title over its pages: given for an episode that follows another in a continuous strip,
   * where it tells the reader a new episode begins.
   */
  title?: string | undefined
  /**
   * The page list as the reader has it, for the episode it reads: the pages then render in the same commit
   * as the reader's own use of the list (restoring a saved position among them). Else the cache's.
   */
  pages?: readonly Asset[] | undefined
  /** Called once when the first page has arrived (loaded, or failed for good). */
  onFirstPageArrived?: (() => void) | undefined
}

/**
 * One episode's pages in the reader's strip (`data-episode-id`): its page list from the cache or the API
 * (`useEpisodeAssets`), each page a {@link ReaderPage} or, not mounted, a {@link ReaderPagePlaceholder} of
 * the same box, so the strip's length and every offset stay right whatever is mounted. A page at a
 * signed address that would not load asks for the list again (one request for all such pages at once).
 * The list's own failure, for an episode that follows another, shows 'Something went wrong' with 'Try
 * again' in its place (the reader shows the first episode's failure and lock itself).
 */
export const ReaderEpisodePages = memo(function ReaderEpisodePages({
  comicId,
  chapterId,
  variant,
  sizes,
  mount,
  title,
  pages: given,
  onFirstPageArrived,
}: ReaderEpisodePagesProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const assets = useEpisodeAssets({ comicId, chapterId, variant })
  const { refetch } = assets
  const renewPages = useCallback(() => refetch({ cancelRefetch: false }).then((result) => result.data), [refetch])
  const pages = given ?? assets.data
  return (
    <div className="comics-reader__episode" data-episode-id={chapterId}>
      {title !== undefined && <h2 className="comics-reader__episode-heading">{title}</h2>}
      {pages && (
        <ol className="comics-reader__pages">
          {pages.map((asset, index) =>
            mount === 'all' || (mount === 'first' && index === 0) ? (
              <ReaderPage
                key={asset.id}
                asset={asset}
                index={index}
                total={pages.length}
                sizes={sizes}
                onSignedUrlFailed={renewPages}
                {...(index === 0 && onFirstPageArrived ? { onArrive: onFirstPageArrived } : {})}
              />
            ) : (
              <ReaderPagePlaceholder key={asset.id} asset={asset} index={index} />
            ),
          )}
        </ol>
      )}
      {!pages && assets.isError && title !== undefined && (
        <div className="comics-reader__status" data-state="failed" role="alert">
          <p>{messages['common.error']}</p>
          <button type="button" className="comics-button" onClick={() => void refetch()}>
            {messages['common.retry']}
          </button>
        </div>
      )}
    </div>
  )
})
