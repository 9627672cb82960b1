import { useEffect, useRef, type ReactNode } from 'react'
import { ANALYTICS_EVENTS, comicBadges, hasUncensoredEdition, latestPublication, readerPath, readUncensoredPath, routes } from '@comics/core'
import {
  useAnalytics,
  useChapters,
  useComic,
  useLink,
  useLocale,
  useMessages,
  useNavigate,
  useReadingProgress,
  useSiteConfig,
  useViewer,
} from '../../hooks'
import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { dateFormat } from '../../messages/localeFormats'

export interface ComicPreviewProps {
  comicId: string
  /** The page is in uncensored mode (/comic/{id}/uncensored): the uncensored banner shows instead of the button. */
  uncensored?: boolean
  /** The banner image of uncensored mode; default the comic's own banner. */
  uncensoredBannerUrl?: string
  /** More actions beside the start button, at its height (the site's Follow). */
  actions?: ReactNode
  /** More about the comic under its genres and counts (the site's likes and comments totals). */
  details?: ReactNode
  className?: string
}

/**
 * The comic page's preview banner (spec §2 "Comic page"): 'Back to main', cover, title, the tags 'Comic of
 * the day' and "Reader's choice" where they apply (core `comicBadges` on the site's featured list), genres,
 * the episode count and the latest update (core `latestPublication`), description and actions. On a phone
 * it is a compact header (a small cover beside the title) so that the episode rows show on the first
 * screen; from 768 px the cover leads and the rest stacks under it. The start button reads 'Start Reading'
 * (first episode by chapter number) or "Continue reading '{chapter title}'" when the reader has saved
 * progress in this comic (that episode). '🔥Read Uncensored' shows for a comic with an uncensored
 * edition outside uncensored mode and leads where core `readUncensoredPath` says. Records
 * comic_page_view on mount and comic_reading_clicked on start.
 * @example
 * <ComicPreview comicId={params.id} uncensored={isUncensoredRoute} uncensoredBannerUrl="/img/uncensored.jpg" />
 */
export function ComicPreview({ comicId, uncensored = false, uncensoredBannerUrl, actions, details, className }: ComicPreviewProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const locale = useLocale()
  const site = useSiteConfig()
  const Link = useLink()
  const navigate = useNavigate()
  const analytics = useAnalytics()
  const viewer = useViewer()
  const comicQuery = useComic(comicId)
  const chaptersQuery = useChapters(comicId)
  const comic = comicQuery.data
  const chapters = chaptersQuery.data ?? []
  const failed = comicQuery.isError || chaptersQuery.isError
  const retry = () => {
    if (comicQuery.isError) void comicQuery.refetch()
    if (chaptersQuery.isError) void chaptersQuery.refetch()
  }
  const { progress } = useReadingProgress(comicId)

  // Once per comic, even when StrictMode runs the effect twice.
  const viewedComic = useRef<string | null>(null)
  useEffect(() => {
    if (viewedComic.current === comicId) return
    viewedComic.current = comicId
    analytics.track(ANALYTICS_EVENTS.comicPageView, { comicId })
  }, [analytics, comicId])

  const first = chapters[0]
  const target = progress ? { id: progress.chapterId, resumed: true } : first ? { id: first.id, resumed: false } : null
  const start = () => {
    if (!target) return
    analytics.track(ANALYTICS_EVENTS.comicReadingClicked, { comicId, chapterId: target.id, resumed: target.resumed })
    navigate(readerPath(comicId, target.id, { uncensored }))
  }
  const bannerUrl = uncensoredBannerUrl ?? comic?.bannerImageUrl ?? ''
  const badges = comicBadges(comicId, site.featured ?? [])
  const updated = chaptersQuery.data ? latestPublication(chapters, new Date()) : null

  return (
    <section
      className={className ? `comics-comic-preview ${className}` : 'comics-comic-preview'}
      aria-busy={comic === undefined && !failed}
      data-mode={uncensored ? 'uncensored' : 'standard'}
    >
      <Link to={routes.home} className="comics-link comics-comic-preview__back">
        {messages['common.backToMain']}
      </Link>
      {failed && (
        <div role="alert" className="comics-comic-preview__error" data-state="error">
          <p>{messages['common.error']}</p>
          <button type="button" className="comics-button" data-variant="ghost" onClick={retry}>
            {messages['common.retry']}
          </button>
        </div>
      )}
      {uncensored && bannerUrl && (
        <img className="comics-comic-preview__uncensored-banner" src={bannerUrl} alt="" decoding="async" />
      )}
      <div className="comics-comic-preview__body">
        <figure className="comics-comic-preview__cover">
          {comic?.coverImageUrl && (
            <img
              className="comics-comic-preview__cover-image"
              src={comic.coverImageUrl}
              alt={formatMessage(messages['comic.coverAlt'], { title: comic.title })}
              fetchPriority="high"
              // Decoded off the first frame: the page's text paints without waiting for it.
              decoding="async"
              width={600}
              height={800}
            />
          )}
        </figure>
        <div className="comics-comic-preview__head">
          {badges.length > 0 && (
            <p className="comics-comic-preview__tags">
              {badges.map((badge) => (
                <span key={badge} className="comics-comic-preview__tag" data-tag={badge}>
                  {badge === 'comic-of-the-day' ? messages['comic.comicOfTheDay'] : messages['comic.readersChoice']}
                </span>
              ))}
            </p>
          )}
          {comic && (
            <>
              <h1 className="comics-comic-preview__title">{comic.title}</h1>
              {comic.genres.length > 0 && (
                <ul className="comics-comic-preview__genres" aria-label={messages['comic.genres']}>
                  {comic.genres.map((genre) => (
                    <li key={genre.id} className="comics-chip">
                      {genre.name}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
          {chaptersQuery.data && (
            <p className="comics-comic-preview__meta">
              <span>{formatMessage(messages['episodes.count'], { n: chapters.length }, locale)}</span>
              {updated && (
                <span>
                  {formatMessage(messages['comic.updated'], {
                    // UTC: the server's render and the browser's agree on the day.
                    date: dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(updated),
                  })}
                </span>
              )}
            </p>
          )}
          {details}
        </div>
        {comic && <p className="comics-comic-preview__description" title={comic.description}>{comic.description}</p>}
        <div className="comics-comic-preview__actions">
          <button type="button" className="comics-button comics-comic-preview__start" disabled={!target} onClick={start}>
            {progress
              ? formatMessage(messages['comic.continueReading'], { chapterTitle: progress.chapterTitle })
              : messages['comic.startReading']}
          </button>
          {comic && !uncensored && hasUncensoredEdition(comic) && (
            <button
              type="button"
              className="comics-button comics-comic-preview__uncensored"
              data-variant="ghost"
              // Until the level is known the rule would send a subscriber to /premium.
              disabled={viewer.isPending}
              onClick={() => navigate(readUncensoredPath(comicId, viewer.level))}
            >
              {messages['comic.readUncensored']}
            </button>
          )}
          {actions}
        </div>
      </div>
    </section>
  )
}
