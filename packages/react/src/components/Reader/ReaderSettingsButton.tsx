import { useMessages } from '../../hooks'
import { EPISODE_MESSAGES } from '../../messages'

/** The reader header's settings button (a gear), which opens the settings panel. */
export function ReaderSettingsButton({ expanded, onClick }: { expanded: boolean; onClick(): void }) {
  const messages = useMessages(EPISODE_MESSAGES)
  return (
    <button
      type="button"
      className="comics-reader__settings"
      aria-label={messages['reader.settings']}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3.3h-4l-.4 2.6a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1l.4 2.6h4l.4-2.6a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5L19.4 13ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z"
          transform="translate(-1 0)"
        />
      </svg>
    </button>
  )
}
