import { useMessages } from '../../hooks'
import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { READER_ZOOM_MAX, READER_ZOOM_MIN } from './useReaderZoom'

export interface ReaderZoomControlProps {
  zoom: number
  onZoomIn(): void
  onZoomOut(): void
  onReset(): void
}

/**
 * The header's zoom control: Zoom out, the level (which puts it back to 100 %) and Zoom in. At a bound a
 * button says it cannot act (`aria-disabled`) and keeps its focus, so that a reader pressing it again and
 * again does not lose their place. On a phone it shows under the header while the strip is zoomed only.
 */
export function ReaderZoomControl({ zoom, onZoomIn, onZoomOut, onReset }: ReaderZoomControlProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const percent = Math.round(zoom * 100)
  const atMin = zoom <= READER_ZOOM_MIN
  const atMax = zoom >= READER_ZOOM_MAX
  return (
    <div className="comics-reader__zoom" role="group" aria-label={messages['reader.zoom']} data-zoomed={atMin ? undefined : ''}>
      <button
        type="button"
        className="comics-reader__zoom-button"
        aria-label={messages['reader.zoom.out']}
        aria-disabled={atMin || undefined}
        onClick={() => !atMin && onZoomOut()}
      >
        <span aria-hidden="true">−</span>
      </button>
      <button
        type="button"
        className="comics-reader__zoom-level"
        aria-label={formatMessage(messages['reader.zoom.reset'], { percent })}
        aria-disabled={atMin || undefined}
        onClick={() => !atMin && onReset()}
      >
        {formatMessage(messages['reader.zoom.level'], { percent })}
      </button>
      <button
        type="button"
        className="comics-reader__zoom-button"
        aria-label={messages['reader.zoom.in']}
        aria-disabled={atMax || undefined}
        onClick={() => !atMax && onZoomIn()}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  )
}
