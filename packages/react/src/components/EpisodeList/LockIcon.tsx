import { useMessages } from '../../hooks'
import { EPISODE_MESSAGES } from '../../messages'

/**
 * The padlock shown on a locked episode row, in the episode list and in the reader's overlay. It is
 * an image named 'Locked' so a screen reader announces the lock, not just the picture.
 * @example {access.locked && <LockIcon />}
 */
export function LockIcon({ className, decorative = false }: { className?: string; /** Beside the visible word 'Locked': hidden from screen readers. */ decorative?: boolean }) {
  const messages = useMessages(EPISODE_MESSAGES)
  const named = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': messages['episodes.locked'] }
  return (
    <span {...named} className={className ? `comics-lock-icon ${className}` : 'comics-lock-icon'}>
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor">
        <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" />
      </svg>
    </span>
  )
}
