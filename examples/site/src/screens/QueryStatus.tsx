import { useMessages, useOnline } from '@comics/react'

export interface QueryStatusProps {
  isPending: boolean
  error: Error | null
  onRetry: () => void
}

/** The loading and failure states of a screen's data: a status line, or the error with a retry. */
export function QueryStatus({ isPending, error, onRetry }: QueryStatusProps) {
  const messages = useMessages()
  const online = useOnline()
  if (error) {
    // No answer while the browser is offline: the screen needs a connection, nothing went wrong.
    const offline = !online
    return (
      <div className="site-query-status" role="alert" data-state={offline ? 'offline' : 'failed'}>
        <p>{offline ? messages['offline.needsConnection'] : messages['common.error']}</p>
        <button type="button" className="comics-button" onClick={onRetry}>
          {messages['common.retry']}
        </button>
      </div>
    )
  }
  if (isPending) {
    return (
      <p className="site-query-status" role="status">
        {messages['common.loading']}
      </p>
    )
  }
  return null
}
