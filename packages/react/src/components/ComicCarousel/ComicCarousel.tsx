import { useId } from 'react'
import { ANALYTICS_EVENTS, routes, type Comic } from '@comics/core'
import { useAnalytics, useComics, useLink, useMessages } from '../../hooks'
import { formatMessage } from '../../messages'
import { ComicCard } from '../ComicCard'
import { useCarouselState } from '../FeaturedCarousel/useCarouselState'
import { useDeferredEmbla } from '../FeaturedCarousel/useDeferredEmbla'

/** As many as the widest layout shows (the default --comics-comic-carousel-per-view). */
const LOADING_SLIDES = 5

export interface ComicCarouselProps {
  className?: string
}

/**
 * The home page's 'Something New' (spec §2 "Home", §7, §9): the 10 newest comics of the host (core's
 * home preset: limit 10, newest first) as a carousel of comic cards, with a 'Read more' link to
 * /categories. Five cards in view by default, three at 1024px and below, two at 768px and below (CSS
 * `--comics-comic-carousel-per-view`, `-per-view-tablet`, `-per-view-mobile`); previous and next move a
 * view at a time and are disabled at the ends; a card that receives focus scrolls into view. A card click
 * records `carousel_clicked`. While loading, empty cards hold the place of the cards (nothing below moves
 * when they arrive); a message when there is no comic, and an error with a retry.
 * @example
 * <FeaturedCarousel />
 * <ComicCarousel />
 * <SaleBanner />
 */
export function ComicCarousel({ className }: ComicCarouselProps) {
  const messages = useMessages()
  const Link = useLink()
  const query = useComics({ preset: 'home' })
  const headingId = useId()

  return (
    <section
      className={className ? `comics-comic-carousel ${className}` : 'comics-comic-carousel'}
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      aria-busy={query.isPending}
    >
      <div className="comics-comic-carousel__header">
        <h2 id={headingId} className="comics-comic-carousel__heading">
          {messages['home.somethingNew']}
        </h2>
        <Link to={routes.categories} className="comics-link comics-comic-carousel__read-more">
          {messages['home.readMore']}
          {/* Where it leads, for screen readers and search engines: 'Read more' alone names no place. */}
          {' '}
          <span className="comics-visually-hidden">{messages['home.readMoreWhere']}</span>
        </Link>
      </div>
      {query.isPending ? (
        <LoadingSlides label={messages['common.loading']} />
      ) : query.isError ? (
        <div role="alert" className="comics-comic-carousel__status" data-state="error">
          <p>{messages['common.error']}</p>
          <button type="button" className="comics-button" data-variant="ghost" onClick={() => void query.refetch()}>
            {messages['common.retry']}
          </button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="comics-comic-carousel__status" data-state="empty">
          {messages['home.somethingNewEmpty']}
        </p>
      ) : (
        <ComicSlides comics={query.data} />
      )}
    </section>
  )
}

/** Cover-and-title shapes in the slides' own boxes, so the carousel is as tall loading as loaded. */
function LoadingSlides({ label }: { label: string }) {
  return (
    <div className="comics-comic-carousel__body" data-state="loading">
      <span className="comics-comic-carousel__arrow" aria-hidden="true" />
      <div className="comics-comic-carousel__viewport">
        <p role="status" className="comics-visually-hidden">
          {label}
        </p>
        <div className="comics-comic-carousel__slides" aria-hidden="true">
          {Array.from({ length: LOADING_SLIDES }, (_, index) => (
            <div key={index} className="comics-comic-carousel__slide">
              <span className="comics-comic-card">
                <span className="comics-comic-card__image" />
                <span className="comics-comic-card__title comics-comic-carousel__placeholder-title">{'\u00a0'}</span>
              </span>
            </div>
          ))}
        </div>
      </div>
      <span className="comics-comic-carousel__arrow" aria-hidden="true" />
    </div>
  )
}

function ComicSlides({ comics }: { comics: readonly Comic[] }) {
  const messages = useMessages()
  const analytics = useAnalytics()
  // 'auto' scrolls by as many cards as the CSS shows, so prev and next move a whole view.
  // Embla starts when the reader first reaches for the carousel (useDeferredEmbla); until then the view
  // is at its start, so only next can move it.
  const { viewportRef, embla, withEmbla, triggers, binding } = useDeferredEmbla({ align: 'start', containScroll: 'trimSnaps', slidesToScroll: 'auto' })
  const state = useCarouselState(embla, withEmbla)
  const canScrollPrev = embla ? state.canScrollPrev : false
  const canScrollNext = embla ? state.canScrollNext : comics.length > 1
  const slidesId = useId()
  const total = comics.length

  return (
    <div className="comics-comic-carousel__body" onKeyDown={state.onKeyDown} {...triggers}>
      {binding}
      <button
        type="button"
        className="comics-comic-carousel__arrow"
        data-direction="previous"
        aria-controls={slidesId}
        aria-label={messages['carousel.previous']}
        disabled={!canScrollPrev}
        onClick={() => withEmbla((api) => api.scrollPrev())}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <div className="comics-comic-carousel__viewport" ref={viewportRef}>
        <div className="comics-comic-carousel__slides" id={slidesId}>
          {comics.map((comic, index) => (
            <div
              key={comic.id}
              className="comics-comic-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={formatMessage(messages['carousel.slide'], { n: index + 1, total })}
            >
              <ComicCard
                comic={comic}
                onClick={() =>
                  analytics.track(ANALYTICS_EVENTS.carouselClicked, {
                    carousel: 'something-new',
                    comicId: comic.id,
                    position: index + 1,
                  })
                }
              />
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        className="comics-comic-carousel__arrow"
        data-direction="next"
        aria-controls={slidesId}
        aria-label={messages['carousel.next']}
        disabled={!canScrollNext}
        onClick={() => withEmbla((api) => api.scrollNext())}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  )
}
