import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { useMessages, useWaitForFree } from '../../hooks'

export interface WaitForFreeCountdownProps {
  comicId: string
  className?: string
}

/**
 * 'Free now' or 'Free in 23:41' (counted down live by the server's clock) for a signed-in reader on a comic
 * that frees episodes after a wait; nothing for a guest, on a comic whose wait is off, or while loading.
 * Where it shows is the caller's choice (core `offersWaitForFree` decides for an episode).
 * @example <WaitForFreeCountdown comicId="1" />
 */
export function WaitForFreeCountdown({ comicId, className }: WaitForFreeCountdownProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const { on, countdown } = useWaitForFree(comicId)
  if (!on || !countdown) return null
  const base = className ? `comics-wait-for-free ${className}` : 'comics-wait-for-free'
  return (
    <span className={base} data-state={countdown.ready ? 'ready' : 'waiting'}>
      {countdown.ready ? messages['waitForFree.freeNow'] : formatMessage(messages['waitForFree.freeIn'], { time: countdown.text })}
    </span>
  )
}
