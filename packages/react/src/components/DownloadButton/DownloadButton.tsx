import { useEpisodeDownload, useLocale, useMessages, type EpisodeDownloadTarget } from '../../hooks'
import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { downloadFailureMessage } from './downloadFailure'

export interface DownloadButtonProps extends EpisodeDownloadTarget {
  /** The episode's title, for the button's accessible name where several are on one screen. */
  episodeTitle?: string
  className?: string
  /**
   * While it decides (always in a server render and its hydration), keep the button's room, unseen and
   * out of the accessibility tree: for a place whose layout would grow when the button shows (a row whose
   * text wraps beside it). Off, nothing is shown until the button is.
   */
  keepRoom?: boolean
}

/**
 * Download an episode to read it offline: 'Download', then the pages saved as they are ('Saving 3 of 12
 * pages', with a progress bar), then 'Downloaded' with 'Remove download'. While the stored downloads are
 * read, `keepRoom` keeps the button's room empty (no layout shift when it shows). Nothing is shown for an
 * episode the reader may not download now (a locked one, core `downloadRefusal`) or where the browser
 * cannot keep episodes. A failure says why (no room on the device, the network) and the button tries again.
 * @example
 * <DownloadButton comicId={comicId} chapterId={chapterId} />
 */
export function DownloadButton({ comicId, chapterId, uncensored, episodeTitle, className, keepRoom = false }: DownloadButtonProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const locale = useLocale()
  const { state, deciding, progress, error, download, remove } = useEpisodeDownload({ comicId, chapterId, ...(uncensored ? { uncensored } : {}) })
  if (deciding && keepRoom) {
    return (
      <div className={className ? `comics-download ${className}` : 'comics-download'} data-state="deciding" aria-hidden="true">
        <span className="comics-button comics-download__button">{messages['download.download']}</span>
      </div>
    )
  }
  if (state === 'unavailable' || state === 'locked') return null
  const named = (key: 'download.downloadEpisode' | 'download.removeEpisode') => (episodeTitle ? formatMessage(messages[key], { episode: episodeTitle }, locale) : undefined)
  return (
    <div className={className ? `comics-download ${className}` : 'comics-download'} data-state={state}>
      {state === 'downloaded' ? (
        <>
          <span className="comics-download__done">{messages['download.downloaded']}</span>
          <button type="button" className="comics-button comics-download__button" data-variant="ghost" aria-label={named('download.removeEpisode')} onClick={() => void remove()}>
            {messages['download.remove']}
          </button>
        </>
      ) : state === 'saving' && progress ? (
        <>
          <button type="button" className="comics-button comics-download__button" disabled aria-busy="true">
            {formatMessage(messages['download.saving'], { saved: progress.saved, total: progress.total }, locale)}
          </button>
          <progress className="comics-download__progress" max={progress.total} value={progress.saved} aria-label={messages['download.download']} />
        </>
      ) : (
        <button type="button" className="comics-button comics-download__button" aria-label={named('download.downloadEpisode')} onClick={() => void download()}>
          {messages['download.download']}
        </button>
      )}
      {state === 'failed' && (
        <p role="alert" className="comics-download__error">
          {downloadFailureMessage(messages, error)}
        </p>
      )}
    </div>
  )
}
