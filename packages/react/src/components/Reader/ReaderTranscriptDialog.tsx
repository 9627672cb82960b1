import { useId } from 'react'
import { transcriptPages, type TranscriptEntry } from '@comics/core'
import { Dialog, DialogTitle } from '../../dialog'
import { useEpisodeTranscript, useMessages, useOnline } from '../../hooks'
import { EPISODE_MESSAGES, formatMessage, type EpisodeMessages } from '../../messages'

export interface ReaderTranscriptDialogProps {
  open: boolean
  onClose(): void
  chapterId: string
}

/** One entry, read as written: "Theo: My feet…" for dialogue, "Sound: Crinkle" for the others. */
function TranscriptLine({ entry, messages }: { entry: TranscriptEntry; messages: EpisodeMessages }) {
  const label = entry.kind === 'dialogue' ? entry.speaker : (entry.speaker ?? messages[`reader.transcript.kind.${entry.kind}`])
  return (
    <li className="comics-reader-transcript__entry" data-kind={entry.kind}>
      {label && (
        <>
          <span className="comics-reader-transcript__speaker">{label}</span>
          {/* Read between the name and the words; the stylesheet draws its own colon. */}
          <span className="comics-visually-hidden">: </span>
        </>
      )}
      <span className="comics-reader-transcript__text">{entry.text}</span>
    </li>
  )
}

/**
 * The episode's transcript (core `Transcript`) in a modal dialog named 'Transcript': one heading per page
 * ('Page 2'), then that page's entries in reading order, each a list item whose speaker (or kind:
 * narration, description, sound) comes first, so a screen reader reads the episode as a script. Asked for
 * when opened; a failure says so with 'Try again' (offline: that it needs a connection).
 */
export function ReaderTranscriptDialog({ open, onClose, chapterId }: ReaderTranscriptDialogProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const transcript = useEpisodeTranscript(chapterId, { enabled: open })
  const online = useOnline()
  const headingId = useId()
  const pages = transcript.data ? transcriptPages(transcript.data.entries) : []
  return (
    <Dialog open={open} onClose={onClose} className="comics-reader-transcript" aria-busy={transcript.isPending || undefined}>
      <div className="comics-reader-episodes__header">
        <DialogTitle>{messages['reader.transcript']}</DialogTitle>
        <button type="button" className="comics-reader-episodes__close" aria-label={messages['common.close']} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {transcript.isPending && <p className="comics-reader-transcript__status">{messages['common.loading']}</p>}
      {transcript.isError && (
        <div className="comics-reader-transcript__status" role="alert">
          <p>{online ? messages['reader.transcript.failed'] : messages['reader.transcript.offline']}</p>
          <button type="button" className="comics-button" onClick={() => void transcript.refetch()}>
            {messages['common.retry']}
          </button>
        </div>
      )}
      {transcript.isSuccess && pages.length === 0 && <p className="comics-reader-transcript__status">{messages['reader.transcript.empty']}</p>}
      {pages.length > 0 && (
        <div className="comics-reader-transcript__pages">
          {pages.map(({ page, entries }) => (
            <section key={page} className="comics-reader-transcript__page" aria-labelledby={`${headingId}-${page}`}>
              <h3 id={`${headingId}-${page}`} className="comics-reader-transcript__page-title">
                {formatMessage(messages['reader.transcript.page'], { n: page })}
              </h3>
              <ol className="comics-reader-transcript__entries">
                {entries.map((entry, index) => (
                  <TranscriptLine key={index} entry={entry} messages={messages} />
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </Dialog>
  )
}

/** The reader header's Transcript button (a speech bubble with lines), shown for an episode that has one. */
export function ReaderTranscriptButton({ expanded, onClick }: { expanded: boolean; onClick(): void }) {
  const messages = useMessages(EPISODE_MESSAGES)
  return (
    <button
      type="button"
      className="comics-reader__transcript"
      aria-label={messages['reader.transcript']}
      title={messages['reader.transcript']}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v10h2v1.8L8.3 16H20V6H4Zm3 2h10v2H7V8Zm0 4h7v2H7v-2Z" />
      </svg>
    </button>
  )
}
