import { useId } from 'react'
import { ANALYTICS_EVENTS, comicPath, FEATURED_COUNT, MOBILE_BREAKPOINT_PX } from '@comics/core'
import { useAnalytics, useLink, useLocale, useMessages, useSiteConfig } from '../../hooks'
import { formatMessage } from '../../messages'
import { numberFormat } from '../../messages/localeFormats'
import type { FeaturedComic } from '../../provider'
import { useCarouselState } from './useCarouselState'
import { useDeferredEmbla } from './useDeferredEmbla'

export interface FeaturedCarouselProps {
  /** The featured comics; default `site.featured` of the provider (the site's list for its mode). */
  items?: readonly FeaturedComic[]
  className?: string
}

/**
 * The home page's featured carousel (spec §2 "Home"): 3 comics, each with its cover (the mobile image
 * at 768px and below), title, description, rating badge and a 'Read now' link to /comic/{id} that
 * records `carousel_clicked`. An Embla carousel that loops, with previous and next buttons, a dot per
 * slide, the arrow keys, and swipe; a slide that receives focus scrolls into view. Each slide is
 * labelled 'n of 3'; the selected one has `data-state="active"`. Renders nothing without items.
 * Embla starts when the reader first reaches for the carousel (pointer, touch, focus, a control): the
 * first slide is in view before, so a page paints and hydrates without Embla's code.
 * @example
 * <ComicsProvider site={{ featured: mode === 'adult' ? ADULT_FEATURED : NORMAL_FEATURED }}>
 *   <FeaturedCarousel />
 * </ComicsProvider>
 */
export function FeaturedCarousel({ items, className }: FeaturedCarouselProps) {
  const site = useSiteConfig()
  const featured = (items ?? site.featured ?? []).slice(0, FEATURED_COUNT)
  if (featured.length === 0) return null
  return <FeaturedSlides featured={featured} className={className} />
}

function FeaturedSlides({ featured, className }: { featured: readonly FeaturedComic[]; className?: string }) {
  const messages = useMessages()
  const analytics = useAnalytics()
  const Link = useLink()
  const locale = useLocale()
  // '4.9' ('5.0' for 5), or '4,9' where the locale writes a decimal comma.
  const rating = (value: number) => numberFormat(locale, { minimumFractionDigits: 1 }).format(value)
  const { viewportRef, embla, withEmbla, triggers, binding } = useDeferredEmbla({ loop: featured.length > 1 })
  const { selectedIndex, onKeyDown } = useCarouselState(embla, withEmbla)
  const slidesId = useId()
  const total = featured.length

  return (
    <section
      className={className ? `comics-featured ${className}` : 'comics-featured'}
      aria-roledescription="carousel"
      aria-label={messages['home.featuredLabel']}
      onKeyDown={onKeyDown}
      {...triggers}
    >
      {binding}
      <div className="comics-featured__viewport" ref={viewportRef}>
        <div className="comics-featured__slides" id={slidesId}>
          {featured.map((comic, index) => (
            <div
              key={comic.id}
              className="comics-featured__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={formatMessage(messages['carousel.slide'], { n: index + 1, total })}
              data-state={index === selectedIndex ? 'active' : 'inactive'}
            >
              <picture className="comics-featured__cover">
                <source media={`(max-width: ${MOBILE_BREAKPOINT_PX}px)`} srcSet={comic.mobileImage} />
                {/* The title beside it names the slide, so the cover is decorative. */}
                <img
                  className="comics-featured__image"
                  src={comic.image}
                  alt=""
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  decoding="async"
                />
              </picture>
              <div className="comics-featured__content">
                <div className="comics-featured__tags">
                  <span className="comics-featured__rating">
                    <span aria-hidden="true">
                      ★ {formatMessage(messages['home.rating'], { rating: rating(comic.rating) })}
                    </span>
                    <span className="comics-visually-hidden">
                      {formatMessage(messages['home.ratingLabel'], { rating: rating(comic.rating) })}
                    </span>
                  </span>
                  {comic.isReadersChoice && (
                    <span className="comics-featured__tag">{messages['comic.readersChoice']}</span>
                  )}
                  {comic.ageRating !== '' && <span className="comics-featured__tag">{comic.ageRating}</span>}
                </div>
                <h2 className="comics-featured__title">{comic.title}</h2>
                <p className="comics-featured__description">{comic.description}</p>
                <Link
                  to={comicPath(comic.id)}
                  className="comics-button comics-featured__read-now"
                  onClick={() =>
                    analytics.track(ANALYTICS_EVENTS.carouselClicked, {
                      carousel: 'featured',
                      comicId: comic.id,
                      position: index + 1,
                    })
                  }
                >
                  {messages['home.readNow']}
                </Link>
              </div>
            </div>
          ))}
        </div>
      </div>
      {total > 1 && (
        <div className="comics-featured__controls">
          <button
            type="button"
            className="comics-featured__arrow"
            data-direction="previous"
            aria-controls={slidesId}
            aria-label={messages['carousel.previous']}
            onClick={() => withEmbla((api) => api.scrollPrev())}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="comics-featured__dots">
            {featured.map((comic, index) => (
              <button
                key={comic.id}
                type="button"
                className="comics-featured__dot"
                aria-controls={slidesId}
                aria-label={formatMessage(messages['carousel.goToSlide'], { n: index + 1 })}
                aria-current={index === selectedIndex ? 'true' : undefined}
                data-state={index === selectedIndex ? 'active' : 'inactive'}
                onClick={() => withEmbla((api) => api.scrollTo(index))}
              />
            ))}
          </div>
          <button
            type="button"
            className="comics-featured__arrow"
            data-direction="next"
            aria-controls={slidesId}
            aria-label={messages['carousel.next']}
            onClick={() => withEmbla((api) => api.scrollNext())}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  )
}
