import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { browserSite } from './app/browserSite'

// The page's services first (the session restored, its cookies kept); an unknown host renders nothing:
// the browser is already on its way to the adult host.
if (browserSite()) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
}

// The service worker (offline reading, the installed app): its chunk is loaded once the page has loaded,
// and registers it when the browser is next idle: nothing of it, its precache's downloads included, is on
// the first screen's path. The dev server has none.
if (import.meta.env.PROD && browserSite()) {
  const registerWorker = () => void import('./offline/registerServiceWorker').then(({ registerWhenIdle }) => registerWhenIdle())
  if (document.readyState === 'complete') registerWorker()
  else window.addEventListener('load', registerWorker, { once: true })
}
