import type { MouseEventHandler } from 'react'
import { comicPath, type ComicCardData } from '@comics/core'
import { useLink } from '../../hooks'

export interface ComicCardProps {
  /** id, title and bannerImageUrl (which may be empty, spec §3). */
  comic: ComicCardData
  /** Called before navigation, e.g. to record a carousel click. */
  onClick?: MouseEventHandler<HTMLAnchorElement>
  className?: string
}

/**
 * A comic card: the banner image (or a lettered fallback when it is empty) and the title; the whole
 * card links to /comic/{id} (spec §2 "Categories").
 * @example
 * {comics.map((comic) => <ComicCard key={comic.id} comic={comic} />)}
 */
export function ComicCard({ comic, onClick, className }: ComicCardProps) {
  const Link = useLink()
  const hasImage = comic.bannerImageUrl.trim() !== ''
  return (
    <Link
      to={comicPath(comic.id)}
      onClick={onClick}
      className={className ? `comics-comic-card ${className}` : 'comics-comic-card'}
      data-fallback={hasImage ? undefined : ''}
    >
      {hasImage ? (
        // The title next to it names the card, so the image is decorative.
        <img className="comics-comic-card__image" src={comic.bannerImageUrl} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="comics-comic-card__image comics-comic-card__fallback" aria-hidden="true">
          {comic.title.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <span className="comics-comic-card__title">{comic.title}</span>
    </Link>
  )
}
