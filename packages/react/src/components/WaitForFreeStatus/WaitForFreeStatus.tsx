import { formatMessage, EPISODE_MESSAGES } from '../../messages'
import { useMessages, useWaitForFree } from '../../hooks'
import { WaitForFreeCountdown } from '../WaitForFreeCountdown/WaitForFreeCountdown'

export interface WaitForFreeStatusProps {
  comicId: string
  className?: string
}

/**
 * A comic's free-after-a-wait card for a signed-in reader: when the next free episode is ready ('Free now'
 * or 'Free in 23:41', live) and how often one is freed. Nothing for a guest or when the comic's wait is off.
 * @example <WaitForFreeStatus comicId="1" />
 */
export function WaitForFreeStatus({ comicId, className }: WaitForFreeStatusProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const { on, countdown, status } = useWaitForFree(comicId)
  if (!on || !countdown || !status) return null
  const base = className ? `comics-wait-for-free-status ${className}` : 'comics-wait-for-free-status'
  return (
    <section className={base} aria-label={messages['waitForFree.nextFree']} data-state={countdown.ready ? 'ready' : 'waiting'}>
      <span className="comics-wait-for-free-status__label">{messages['waitForFree.nextFree']}</span>
      <WaitForFreeCountdown comicId={comicId} />
      <span className="comics-wait-for-free-status__every">{formatMessage(messages['waitForFree.every'], { n: status.waitHours })}</span>
    </section>
  )
}
