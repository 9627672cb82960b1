import { useMessages } from '../../hooks'

export interface NewVersionPromptProps {
  /** Takes the new version (the waiting service worker) and reloads the page. */
  onReload: () => void
  /** Keeps the running version until the next visit. */
  onDismiss: () => void
  /** While the new version is being taken: the Reload button is busy. */
  reloading?: boolean
  className?: string
}

/**
 * 'New version available' with Reload and Later, shown when a new build of the site is installed and
 * waiting (the site's service worker). A status, not a dialog: it never takes the focus from reading.
 * @example
 * {waiting && <NewVersionPrompt onReload={takeNewVersion} onDismiss={() => setWaiting(false)} />}
 */
export function NewVersionPrompt({ onReload, onDismiss, reloading = false, className }: NewVersionPromptProps) {
  const messages = useMessages()
  return (
    <div role="status" className={className ? `comics-new-version ${className}` : 'comics-new-version'} data-state={reloading ? 'reloading' : 'waiting'}>
      <p className="comics-new-version__text">{messages['app.newVersion']}</p>
      <button type="button" className="comics-button comics-new-version__reload" onClick={onReload} disabled={reloading} aria-busy={reloading || undefined}>
        {messages['app.newVersion.reload']}
      </button>
      <button type="button" className="comics-button comics-new-version__later" data-variant="ghost" onClick={onDismiss} disabled={reloading}>
        {messages['app.newVersion.later']}
      </button>
    </div>
  )
}
