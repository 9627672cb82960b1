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

/** Cmd stands for Ctrl on Apple's systems (the dialog renders in the browser only, once opened). */
const appleKeys = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform)

function KeyCaps({ shortcut, messages }: { shortcut: ReaderShortcutKey; messages: EpisodeMessages }) {
  const name = shortcut.key === ' ' ? messages['reader.shortcuts.key.space'] : (ARROWS[shortcut.key] ?? shortcut.key)
  const modifier = shortcut.mod
    ? appleKeys()
      ? messages['reader.shortcuts.key.cmd']
      : messages['reader.shortcuts.key.ctrl']
    : shortcut.shift && shortcut.key !== '?'
      ? messages['reader.shortcuts.key.shift']
      : null
  return modifier ? (
    <kbd>
      <kbd>{modifier}</kbd>+<kbd>{name}</kbd>
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
                <Fragment key={`${shortcut.key}${String(shortcut.shift)}${String(shortcut.mod)}`}>
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
