import { useLink, useMessages } from '../../hooks'
import { EPISODE_MESSAGES } from '../../messages'
import { usePremiumLink } from '../../hooks/usePremiumLink'

export interface UpgradeBannerProps {
  /** Which offer: unlocking the story, or the uncensored edition (core `upgradeBanner`). */
  kind: 'continue' | 'uncensored'
  className?: string
}

/**
 * The upgrade banner of the episode list (spec §2, §6): its text by kind and 'Get in now', which goes to
 * /premium, or opens the sign-in modal for a guest (core `premiumAction`).
 * Whether and which banner shows is the core rule `upgradeBanner(viewer, comic)`.
 * @example
 * const kind = upgradeBanner(viewer, comic)
 * {kind && <UpgradeBanner kind={kind} />}
 */
export function UpgradeBanner({ kind, className }: UpgradeBannerProps) {
  const messages = useMessages(EPISODE_MESSAGES)
  const Link = useLink()
  const premium = usePremiumLink()
  return (
    <aside className={className ? `comics-upgrade-banner ${className}` : 'comics-upgrade-banner'} data-kind={kind}>
      <p className="comics-upgrade-banner__text">
        {kind === 'uncensored' ? messages['upgrade.uncensored'] : messages['upgrade.continue']}
      </p>
      <Link {...premium} className="comics-button comics-upgrade-banner__action">
        {messages['upgrade.getInNow']}
      </Link>
    </aside>
  )
}
