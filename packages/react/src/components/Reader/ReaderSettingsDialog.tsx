import { useId } from 'react'
import { READER_SETTING_CHOICES, type ReaderSettingName, type ReaderSettings } from '@comics/core'
import { Dialog, DialogTitle } from '../../dialog'
import { useMessages, useReaderSettings } from '../../hooks'
import { EPISODE_MESSAGES } from '../../messages'

export interface ReaderSettingsDialogProps {
  open: boolean
  onClose(): void
  /** Opens the keyboard shortcut list (the dialog closes first). */
  onShowShortcuts(): void
}

const SETTINGS = Object.keys(READER_SETTING_CHOICES) as ReaderSettingName[]

/**
 * The reader's settings panel: page width, gap between pages and background, each a labelled group of
 * radio buttons (arrow keys move within a group, Tab between groups) from core `READER_SETTING_CHOICES`.
 * A choice applies at once, with the page in view kept in view, and is kept across reloads and, signed
 * in, across devices. A button opens the keyboard shortcut list. Escape, the backdrop and the close
 * button close it; focus returns to the settings button.
 */
export function ReaderSettingsDialog({ open, onClose, onShowShortcuts }: ReaderSettingsDialogProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const { settings, change } = useReaderSettings()
  const id = useId()
  return (
    <Dialog open={open} onClose={onClose} className="comics-reader-settings">
      <div className="comics-reader-episodes__header">
        <DialogTitle>{messages['reader.settings']}</DialogTitle>
        <button type="button" className="comics-reader-episodes__close" aria-label={messages['common.close']} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {SETTINGS.map((name) => (
        <fieldset key={name} className="comics-reader-settings__group" data-setting={name}>
          <legend className="comics-reader-settings__legend">{messages[`reader.settings.${name}`]}</legend>
          <div className="comics-reader-settings__choices">
            {(READER_SETTING_CHOICES[name] as readonly string[]).map((value) => (
              <label key={value} className="comics-reader-settings__choice">
                <input
                  type="radio"
                  name={`${id}-${name}`}
                  value={value}
                  checked={settings[name] === value}
                  onChange={() => change({ [name]: value } as Partial<ReaderSettings>)}
                />
                <span>{messages[`reader.settings.${name}.${value}` as `reader.settings.pageWidth.fit`]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        className="comics-button comics-reader-settings__shortcuts"
        data-variant="ghost"
        aria-haspopup="dialog"
        aria-keyshortcuts="?"
        onClick={() => {
          onClose()
          onShowShortcuts()
        }}
      >
        {messages['reader.shortcuts']}
      </button>
    </Dialog>
  )
}
