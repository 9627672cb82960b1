import { downloadKey } from '@comics/core'
import { useDownloads, useLocale, useMessages } from '../../hooks'
import { formatMessage } from '../../messages'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

/** A size in bytes as a reader reads it ('12.4 MB'). */
export function formatBytes(bytes: number, locale: string): string {
  const [unit, size] = bytes >= 1e9 ? ['gigabyte', bytes / 1e9] : bytes >= 1e6 ? ['megabyte', bytes / 1e6] : ['kilobyte', bytes / 1e3]
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(size as number)
}

export interface DownloadedEpisodesProps {
  className?: string
}

/**
 * The account's storage page: every episode downloaded on this device with its size, the total, and
 * Delete for one or all.
 * @example
 * <DownloadedEpisodes />
 */
export function DownloadedEpisodes({ className }: DownloadedEpisodesProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const locale = useLocale()
  const { status, episodes, totalBytes, remove, removeAll } = useDownloads()
  const headingId = 'comics-downloads-heading'
  return (
    <section className={className ? `comics-card comics-downloads ${className}` : 'comics-card comics-downloads'} aria-labelledby={headingId} data-state={status === 'ready' ? (episodes.length ? 'some' : 'empty') : status}>
      <h2 id={headingId} className="comics-card__heading comics-downloads__heading">
        {messages['storage.heading']}
      </h2>
      {status === 'loading' ? (
        <p aria-busy="true">{messages['common.loading']}</p>
      ) : episodes.length === 0 ? (
        <p className="comics-downloads__empty">{messages['storage.empty']}</p>
      ) : (
        <>
          <p className="comics-downloads__total">{formatMessage(messages['storage.total'], { size: formatBytes(totalBytes, locale) }, locale)}</p>
          <ul className="comics-downloads__list">
            {episodes.map((episode) => {
              const name = formatMessage(messages['storage.episode'], { comic: episode.comic.title, episode: episode.chapter.title }, locale)
              return (
                <li key={downloadKey(episode)} className="comics-downloads__item">
                  <span className="comics-downloads__name">{name}</span>
                  <span className="comics-downloads__size">{formatBytes(episode.bytes, locale)}</span>
                  <button type="button" className="comics-button" data-variant="ghost" aria-label={formatMessage(messages['storage.deleteEpisode'], { episode: name }, locale)} onClick={() => void remove(downloadKey(episode))}>
                    {messages['storage.delete']}
                  </button>
                </li>
              )
            })}
          </ul>
          <button type="button" className="comics-button comics-downloads__delete-all" onClick={() => void removeAll()}>
            {messages['storage.deleteAll']}
          </button>
        </>
      )}
    </section>
  )
}
