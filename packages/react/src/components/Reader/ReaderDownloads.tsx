import { useEffect, useId, useRef, useState } from 'react'
import { useMessages, type EpisodeDownloadTarget } from '../../hooks'
import { EPISODE_MESSAGES } from '../../messages'
import { DownloadButton } from '../DownloadButton'
import { DownloadNextButton } from '../DownloadNextButton'

/**
 * The reader header's download actions ('Download', 'Download the next 3', 'Remove download'). On a wide
 * screen they sit in the header's row; on a phone's (the stylesheet's 768px breakpoint) they fold into one
 * Downloads button whose menu drops under the header (data-state="open"). Escape, a press outside and the
 * header hiding close it. The button shows only while one of the actions does (`:has` in the stylesheet).
 */
export function ReaderDownloads({ target, chromeVisible }: { target: EpisodeDownloadTarget; chromeVisible: boolean }) {
  const messages = useMessages(EPISODE_MESSAGES)
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!chromeVisible) setOpen(false)
  }, [chromeVisible])
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggle.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  return (
    <div ref={root} className="comics-reader__downloads" data-state={open ? 'open' : 'closed'}>
      <button
        ref={toggle}
        type="button"
        className="comics-reader__downloads-toggle"
        aria-label={messages['reader.downloads']}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3V3ZM5 18h14v2H5v-2Z" />
        </svg>
      </button>
      <div id={menuId} className="comics-reader__downloads-menu">
        <DownloadButton {...target} />
        <DownloadNextButton {...target} />
      </div>
    </div>
  )
}
