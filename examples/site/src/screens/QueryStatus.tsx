import { useMessages } from '@comics/react'

export interface QueryStatusProps {
  isPending: boolean
  error: Error | null
  onRetry: () => void
}

/** The loading and failure states of a screen's data: a status line, or the error with a retry. */
export function QueryStatus({ isPending, error, onRetry }: QueryStatusProps) {
  const messages = useMessages()
  if (error) {
    return (
      <div className="site-query-status" role="alert">
        <p>{messages['common.error']}</p>
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
