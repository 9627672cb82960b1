import { useId, useMemo, useRef, type MouseEvent, type PointerEvent } from 'react'
import {
  ANALYTICS_EVENTS,
  assetVariant,
  episodeProgress,
  isCardClick,
  readerPath,
  MOBILE_BREAKPOINT_PX,
  SLIDER_SPEED_MS,
  type Comic,
  type ReadingHistoryEntry,
} from '@comics/core'
import { useAnalytics, useComics, useEpisodeAssets, useLink, useMessages, useReadingProgress, useSiteMode } from '../../hooks'
import { formatMessage } from '../../messages'
import { ComicCard } from '../ComicCard'
import { useDeferredEmbla, type EmblaOptions } from '../FeaturedCarousel/useDeferredEmbla'

export interface LastReadSliderProps {
  className?: string
}

/**
 * Embla's `duration` is a step count of its physics simulation, not milliseconds: at the default 25
 * a one-slide scroll settles in about half a second at 60 frames per second, i.e. ~20 ms per unit.
 * So the spec's 500 ms (§9) maps to 500 / 20 = 25.
 */
const EMBLA_MS_PER_DURATION_UNIT = 20

/**
 * The slider of spec §9: one slide shown and scrolled at a time, two at 768 px and below (the slide
 * width itself comes from CSS flex-basis), slides of their own width, swipe to slide, not infinite,
 * no arrows. `dragFree` off makes a swipe settle on a slide; `containScroll` keeps the last slides
 * from leaving a blank end.
 */
const SLIDER_OPTIONS: EmblaOptions = {
  align: 'start',
  loop: false,
  dragFree: false,
  containScroll: 'trimSnaps',
  slidesToScroll: 1,
  duration: Math.round(SLIDER_SPEED_MS / EMBLA_MS_PER_DURATION_UNIT),
  breakpoints: { [`(max-width: ${MOBILE_BREAKPOINT_PX}px)`]: { slidesToScroll: 2 } },
}

/**
 * The account page's 'LAST READ' slider (spec §2, §4, §9): the comics last read (at most 5, fetched
 * with the core preset), in the order they were read, shown only when there are any. A card click
 * records `last_read_comic_clicked` and goes to /comic/{id}; with a pointer it counts only if it lasts
 * at most 200 ms and moves at most 5 px each way (core `isCardClick`), otherwise it was a drag and is
 * cancelled. Cards are links, so the keyboard opens them with Enter, without the gesture check.
 * Under each card, the episode and page where the reader stopped ('Episode 4 · page 12 of 40', the count
 * from the episode's page list when the viewer may load it), a progress bar, and "Continue reading
 * 'Episode 4'", a link to that episode in the reader.
 * @example
 * <LastReadSlider />
 */
export function LastReadSlider({ className }: LastReadSliderProps) {
  const { lastReadComics, history } = useReadingProgress()
  if (lastReadComics.length === 0) return null
  return <LastReadSlides comicIds={lastReadComics} history={history} className={className} />
}

interface PointerStart {
  x: number
  y: number
  at: number
}

function LastReadSlides({ comicIds, history, className }: { comicIds: string[]; history: ReadingHistoryEntry[]; className?: string }) {
  const messages = useMessages()
  const analytics = useAnalytics()
  const query = useComics({ preset: 'lastRead', comicIds })
  // Started once shown (a signed-in reader's, not part of a guest's first paint), its code loaded apart.
  const { viewportRef, binding } = useDeferredEmbla(SLIDER_OPTIONS, { startOnMount: true })
  const headingId = useId()
  const pointerStart = useRef<PointerStart | null>(null)
  // The verdict of the last pointer press, read by the click it produces.
  const pointerVerdict = useRef<boolean | null>(null)

  // The API answers in its own order; the slider shows the most recently read first.
  const comics = useMemo(() => {
    const rank = new Map(comicIds.map((id, index) => [id, index]))
    return [...(query.data ?? [])].sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0))
  }, [query.data, comicIds])

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pointerStart.current = { x: event.clientX, y: event.clientY, at: performance.now() }
    pointerVerdict.current = null
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = pointerStart.current
    pointerStart.current = null
    if (!start) return
    pointerVerdict.current = isCardClick({
      durationMs: performance.now() - start.at,
      dx: event.clientX - start.x,
      dy: event.clientY - start.y,
    })
  }
  const onPointerCancel = () => {
    pointerStart.current = null
    pointerVerdict.current = false
  }
  const onCardClick = (event: MouseEvent<HTMLAnchorElement>, comic: Comic, position: number) => {
    const verdict = pointerVerdict.current
    pointerVerdict.current = null
    // A click from the keyboard (Enter) has no press count: no gesture to judge, and a drag the
    // browser ended without a click must not leave a verdict behind for it.
    if (event.detail > 0 && verdict === false) {
      event.preventDefault()
      return
    }
    analytics.track(ANALYTICS_EVENTS.lastReadComicClicked, { comicId: comic.id, position })
  }

  if (query.isSuccess && comics.length === 0) return null
  const rootClass = className ? `comics-card comics-last-read ${className}` : 'comics-card comics-last-read'
  return (
    <section className={rootClass} aria-labelledby={headingId} aria-roledescription="carousel">
      <h2 id={headingId} className="comics-card__heading comics-last-read__heading">
        {messages['account.lastRead']}
      </h2>
      {binding}
      {query.isPending ? (
        <p role="status" className="comics-last-read__status">
          {messages['common.loading']}
        </p>
      ) : query.isError ? (
        <div role="alert" className="comics-last-read__error">
          <p>{messages['common.error']}</p>
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void query.refetch()}>
            {messages['common.retry']}
          </button>
        </div>
      ) : (
        <div className="comics-last-read__viewport" ref={viewportRef}>
          <div className="comics-last-read__track">
            {comics.map((comic, index) => (
              <div
                key={comic.id}
                role="group"
                aria-roledescription="slide"
                aria-label={formatMessage(messages['account.lastReadSlide'], { n: index + 1, total: comics.length })}
                className="comics-last-read__slide"
                onPointerDown={onPointerDown}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerCancel}
              >
                <ComicCard
                  comic={comic}
                  className="comics-last-read__card"
                  onClick={(event) => onCardClick(event, comic, index + 1)}
                />
                <LastReadPosition position={history.find((entry) => entry.comicId === comic.id)} />
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  )
}

/** Where the reader stopped in one comic: the episode, the page (of how many), a bar, and Continue. */
function LastReadPosition({ position }: { position: ReadingHistoryEntry | undefined }) {
  const messages = useMessages()
  const Link = useLink()
  const variant = assetVariant({ mode: useSiteMode(), uncensored: false })
  const pages = useEpisodeAssets({ comicId: position?.comicId, chapterId: position?.chapterId, variant })
  if (!position) return null
  const progress = episodeProgress(position.page, pages.data?.length)
  const where = progress.pageCount
    ? formatMessage(messages['account.lastReadPageOf'], { episode: position.chapterTitle, page: progress.page, total: progress.pageCount })
    : formatMessage(messages['account.lastReadPage'], { episode: position.chapterTitle, page: progress.page })
  return (
    <div className="comics-last-read__position" data-state={progress.share === undefined ? 'page' : 'share'}>
      <p className="comics-last-read__where">{where}</p>
      {progress.share !== undefined && (
        <progress className="comics-last-read__bar" max={progress.pageCount} value={progress.page} aria-hidden="true" />
      )}
      <Link to={readerPath(position.comicId, position.chapterId)} className="comics-link comics-last-read__continue">
        {formatMessage(messages['comic.continueReading'], { chapterTitle: position.chapterTitle })}
      </Link>
    </div>
  )
}
