import { routes } from '@comics/core'
import { useLink, useMessages } from '@comics/react'

/** Any path outside spec §2. */
export default function NotFoundScreen() {
  const Link = useLink()
  const messages = useMessages()
  return (
    <section className="site-not-found" aria-labelledby="site-not-found-title">
      <h1 id="site-not-found-title">Page not found</h1>
      <p>There is nothing at this address. The comic or page may have moved.</p>
      <Link to={routes.home} className="comics-button">
        {messages['common.backToMain']}
      </Link>
    </section>
  )
}
