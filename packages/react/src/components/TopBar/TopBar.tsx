import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { membershipOffer, routes } from '@comics/core'
import { useAuthModal, useLink, useMessages, useNavigate, useSession, useSubscription } from '../../hooks'
import { CoinBalance } from '../CoinBalance/CoinBalance'

export interface TopBarProps {
  /** The logo inside the home link; default the 'nav.logo' message as a wordmark. */
  logo?: ReactNode
  /**
   * A search field (`<SearchField />`), shown beside the logo at every width, outside the collapsible
   * menu; default none.
   */
  search?: ReactNode
  className?: string
}

/**
 * The site's top bar (spec §2 "Layout"): the logo to /, Categories, Account when signed in or Sign In
 * (opens the auth modal), and Premium (signed in: /premium, otherwise the sign-in modal). The offer follows
 * core `membershipOffer`: a subscriber below the top plan sees 'Upgrade' (to /premium) instead, one on the
 * top plan nothing, and a signed-in reader nothing until their level is known (`data-offer` on the nav:
 * join, upgrade, none or pending). A signed-in reader
 * also sees their coin balance, a compact link to the coin shop, outside the menu so it shows at every width.
 * At 768px and
 * below the links collapse behind a menu button; the open menu has a close control and closes on
 * Escape and on navigation. The menu state is exposed as `data-state` on the nav.
 * @example
 * <TopBar logo={<img src="/logo.svg" alt="" />} />
 */
export function TopBar({ logo, search, className }: TopBarProps) {
  const messages = useMessages()
  const Link = useLink()
  const navigate = useNavigate()
  const { signedIn } = useSession()
  const { level, isPending } = useSubscription()
  const offer = !signedIn ? 'join' : isPending ? 'none' : membershipOffer(level)
  const { openAuthModal } = useAuthModal()
  const [menuOpen, setMenuOpen] = useState(false)
  const navId = useId()
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!menuOpen) return
    closeButton.current?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  function closeMenu(returnFocus = true) {
    setMenuOpen(false)
    if (returnFocus) menuButton.current?.focus()
  }

  const premium = () => {
    closeMenu(false)
    if (signedIn) navigate(routes.premium)
    else openAuthModal('sign-in')
  }

  return (
    <header className={className ? `comics-topbar ${className}` : 'comics-topbar'}>
      {/* A custom logo names the link 'Home'; the default wordmark stays part of the name ('Comics Home'),
          so what is read out starts with what is seen. */}
      <Link to={routes.home} className="comics-topbar__logo" aria-label={logo ? messages['nav.home'] : undefined}>
        {logo ?? (
          <>
            <span className="comics-topbar__wordmark">{messages['nav.logo']}</span>{' '}
            <span className="comics-visually-hidden">{messages['nav.home']}</span>
          </>
        )}
      </Link>
      {search}
      {signedIn && <CoinBalance to={routes.coins} className="comics-topbar__coins" />}
      <button
        ref={menuButton}
        type="button"
        className="comics-topbar__menu-button"
        aria-expanded={menuOpen}
        aria-controls={navId}
        onClick={() => setMenuOpen(true)}
      >
        <span aria-hidden="true" className="comics-topbar__menu-icon" />
        <span className="comics-visually-hidden">{messages['nav.openMenu']}</span>
      </button>
      <nav
        id={navId}
        className="comics-topbar__nav"
        aria-label={messages['nav.label']}
        data-state={menuOpen ? 'open' : 'closed'}
        data-offer={signedIn && isPending ? 'pending' : offer}
      >
        <button
          ref={closeButton}
          type="button"
          className="comics-topbar__close"
          aria-label={messages['nav.closeMenu']}
          onClick={() => closeMenu()}
        >
          <span aria-hidden="true">×</span>
        </button>
        <Link to={routes.categories} className="comics-link comics-topbar__link" onClick={() => closeMenu(false)}>
          {messages['nav.categories']}
        </Link>
        {signedIn ? (
          <Link to={routes.account} className="comics-link comics-topbar__link" onClick={() => closeMenu(false)}>
            {messages['nav.account']}
          </Link>
        ) : (
          <button
            type="button"
            className="comics-button comics-topbar__sign-in"
            data-variant="ghost"
            onClick={() => {
              closeMenu(false)
              openAuthModal('sign-in')
            }}
          >
            {messages['nav.signIn']}
          </button>
        )}
        {offer !== 'none' && (
          <button type="button" className="comics-button comics-topbar__premium" onClick={premium}>
            {messages[offer === 'upgrade' ? 'nav.upgrade' : 'nav.premium']}
          </button>
        )}
      </nav>
    </header>
  )
}
