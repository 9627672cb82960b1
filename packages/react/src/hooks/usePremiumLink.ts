import { premiumAction, routes } from '@comics/core'
import type { KitLinkProps } from '../provider/comicsContext'
import { isPlainLeftClick } from '../provider/DefaultLink'
import { useAuthModal } from './useAuthModal'
import { useSession } from './useSession'

/**
 * The props of a link that offers membership ('Get in now', 'Become a member'), by core `premiumAction`:
 * /premium for a signed-in reader; for a guest, a plain click opens the sign-in modal and stays on the page,
 * as the top bar's Premium does (/premium would send a guest home without a word).
 * @example
 * const premium = usePremiumLink()
 * return <Link {...premium}>Get in now</Link>
 */
export function usePremiumLink(): Pick<KitLinkProps, 'to' | 'onClick' | 'aria-haspopup'> {
  const { signedIn } = useSession()
  const { openAuthModal } = useAuthModal()
  if (premiumAction({ signedIn }) === 'premium') return { to: routes.premium }
  return {
    to: routes.premium,
    'aria-haspopup': 'dialog',
    onClick: (event) => {
      if (!isPlainLeftClick(event)) return
      event.preventDefault()
      openAuthModal('sign-in')
    },
  }
}
