import { FREE_EPISODES, upgradeBanner } from '@comics/core'
import { downloadKey, assetVariant } from '@comics/core'
import { useChapters, useComic, useDownloads, useEpisodeReactions, useLocale, useMessages, useNewEpisodeIds, useOnline, useSiteMode, useViewer } from '../../hooks'
import { useAppRunning } from '../../hooks/serverSnapshots'
import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { UpgradeBanner } from '../UpgradeBanner'
import { EpisodeRow } from './EpisodeRow'

export interface EpisodeListProps {
  comicId: string
  /** The comic page is in uncensored mode: rows open the reader's uncensored route. */
  uncensored?: boolean
  /** Each row shows its episode's likes and comments: one request for the comic, once the app runs. */
  reactions?: boolean
  className?: string
}

/**
 * The comic page's episode list (spec §2 "Comic page", §6): the heading '{n} Episodes' ('1 Episode'), rows sorted by
 * chapter number, each row one control named 'Open {title}' (a lock on locked rows), and the upgrade banner
 * before the 4th row when core `upgradeBanner(viewer, comic)` names one. A locked row opens the
 * sign-in modal for a guest and goes to /premium when signed in. `aria-busy` while loading. In a comic the
 * reader follows, the episodes out since they last read it are marked 'NEW' (`useNewEpisodeIds`). With
 * `reactions`, a row with likes or comments says how many ('3 likes · 1 comment').
 * @example
 * <ComicPreview comicId={id} uncensored={uncensored} />
 * <EpisodeList comicId={id} uncensored={uncensored} />
 */
export function EpisodeList({ comicId, uncensored = false, reactions = false, className }: EpisodeListProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const locale = useLocale()
  const viewer = useViewer()
  const { data: comic } = useComic(comicId)
  const { data: chapters, isPending, isError, refetch } = useChapters(comicId)
  // Offline, the list is of what is downloaded: nothing else could be opened.
  const online = useOnline()
  const downloads = useDownloads()
  const variant = assetVariant({ mode: useSiteMode(), uncensored })
  const kept = new Set(downloads.episodes.map(downloadKey))
  const episodes = online ? (chapters ?? []) : (chapters ?? []).filter((chapter) => kept.has(downloadKey({ comic: { id: comicId }, chapter, variant })))
  const banner = comic && !viewer.isPending ? upgradeBanner(viewer, comic) : null
  const fresh = useNewEpisodeIds(comicId, episodes)
  const appRunning = useAppRunning()
  const { byChapter } = useEpisodeReactions(comicId, { enabled: reactions && appRunning })
  const rows = (part: typeof episodes) =>
    part.map((chapter) => (
      <EpisodeRow key={chapter.id} chapter={chapter} chapters={chapters ?? []} uncensored={uncensored} isNew={fresh.has(chapter.id)} reactions={byChapter.get(chapter.id)} />
    ))
  const hasFourthRow = episodes.length > FREE_EPISODES

  return (
    <section
      className={className ? `comics-episode-list ${className}` : 'comics-episode-list'}
      aria-busy={isPending}
      data-state={isPending ? 'loading' : isError ? 'error' : 'ready'}
    >
      {/* No count until it is known: '0 Episodes' while loading, or after a failed load, would be wrong. */}
      {isPending ? (
        <p className="comics-episode-list__status">{messages['common.loading']}</p>
      ) : isError ? (
        <div role="alert" className="comics-episode-list__status" data-state="error">
          <p>{messages['common.error']}</p>
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void refetch()}>
            {messages['common.retry']}
          </button>
        </div>
      ) : (
        <h2 className="comics-episode-list__heading">{formatMessage(messages['episodes.count'], { n: episodes.length }, locale)}</h2>
      )}
      {!isPending && !isError && episodes.length === 0 && <p className="comics-episode-list__empty">{messages['episodes.empty']}</p>}
      {episodes.length > 0 && <ol className="comics-episode-list__rows">{rows(episodes.slice(0, FREE_EPISODES))}</ol>}
      {/* spec §6: the banner sits before the 4th row; two lists keep it out of the list's items. */}
      {banner && hasFourthRow && <UpgradeBanner kind={banner} className="comics-episode-list__banner" />}
      {hasFourthRow && (
        <ol className="comics-episode-list__rows" start={FREE_EPISODES + 1}>
          {rows(episodes.slice(FREE_EPISODES))}
        </ol>
      )}
    </section>
  )
}
