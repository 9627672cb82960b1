import { Fragment } from 'react'
import { Dialog, DialogTitle } from '../../dialog'
import { useMessages } from '../../hooks'
import { EPISODE_MESSAGES, type EpisodeMessages } from '../../messages'
import { READER_SHORTCUTS, type ReaderShortcutKey } from './useReaderKeyboard'

export interface ReaderShortcutsDialogProps {
  open: boolean
  onClose(): void
}

const ARROWS: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑', ArrowLeft: '←', ArrowRight: '→' }

function KeyCaps({ shortcut, messages }: { shortcut: ReaderShortcutKey; messages: EpisodeMessages }) {
  const name = shortcut.key === ' ' ? messages['reader.shortcuts.key.space'] : (ARROWS[shortcut.key] ?? shortcut.key)
  return shortcut.shift && shortcut.key !== '?' ? (
    <kbd>
      <kbd>{messages['reader.shortcuts.key.shift']}</kbd>+<kbd>{name}</kbd>
    </kbd>
  ) : (
    <kbd>{name}</kbd>
  )
}

/**
 * The reader's keyboard shortcuts (opened with '?'): a modal dialog listing each shortcut the reader
 * really has (`READER_SHORTCUTS`, the table its keys are handled from) with what it does. Escape, the
 * backdrop and the close button close it; focus returns where it was.
 */
export function ReaderShortcutsDialog({ open, onClose }: ReaderShortcutsDialogProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  return (
    <Dialog open={open} onClose={onClose} className="comics-reader-shortcuts">
      <div className="comics-reader-episodes__header">
        <DialogTitle>{messages['reader.shortcuts']}</DialogTitle>
        <button type="button" className="comics-reader-episodes__close" aria-label={messages['common.close']} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <dl className="comics-reader-shortcuts__list">
        {READER_SHORTCUTS.map(({ action, keys }) => (
          <div key={action} className="comics-reader-shortcuts__row" data-action={action}>
            <dt>
              {keys.map((shortcut, index) => (
                <Fragment key={`${shortcut.key}${String(shortcut.shift)}`}>
                  {index > 0 && <span className="comics-reader-shortcuts__or"> {messages['reader.shortcuts.or']} </span>}
                  <KeyCaps shortcut={shortcut} messages={messages} />
                </Fragment>
              ))}
            </dt>
            <dd>{messages[`reader.shortcuts.${action}`]}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
