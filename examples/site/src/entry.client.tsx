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
