import { useId, useState } from 'react'
import { useMessages } from '../../hooks'
import { useComicsContext } from '../../hooks/useComicsContext'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface DownloadMyDataProps {
  /** The downloaded file's name; default 'my-comics-data.json'. */
  fileName?: string
  className?: string
}

/** Hands `text` to the browser as a file download. */
function saveFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own reference to the blob once started; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * 'Download my data' on the account page: fetches everything the service holds about the signed-in reader
 * (GET /me/export: profile, subscriptions, payments, checkouts) and saves it as a JSON file. While it is
 * prepared the button says so and is disabled; a failure is shown and the button stays to try again.
 * @example
 * <AccountInfo onChangePassword={open} />
 * <DownloadMyData />
 */
export function DownloadMyData({ fileName = 'my-comics-data.json', className }: DownloadMyDataProps) {
  const { api } = useComicsContext('DownloadMyData')
  const messages = useMessages(ACCOUNT_MESSAGES)
  const [state, setState] = useState<'idle' | 'preparing' | 'failed'>('idle')
  const headingId = useId()

  const download = async () => {
    if (state === 'preparing') return
    setState('preparing')
    try {
      const exported = await api.account.exportData()
      saveFile(`${JSON.stringify(exported, null, 2)}\n`, fileName)
      setState('idle')
    } catch (error) {
      console.error('Exporting my data failed', error)
      setState('failed')
    }
  }

  return (
    <section
      className={className ? `comics-card comics-data-export ${className}` : 'comics-card comics-data-export'}
      data-state={state}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="comics-card__heading comics-data-export__heading">
        {messages['dataExport.heading']}
      </h2>
      <p className="comics-data-export__text">{messages['dataExport.description']}</p>
      <button
        type="button"
        className="comics-button comics-data-export__button"
        data-variant="ghost"
        disabled={state === 'preparing'}
        aria-busy={state === 'preparing'}
        onClick={() => void download()}
      >
        {state === 'preparing' ? messages['dataExport.preparing'] : messages['dataExport.download']}
      </button>
      {state === 'failed' && (
        <p className="comics-data-export__error" role="alert">
          {messages['dataExport.failed']}
        </p>
      )}
    </section>
  )
}
