import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { withoutActionLinkParams } from '@comics/core'
import { Dialog, DialogDescription, DialogTitle } from '../../dialog'
import { useAuth, useAuthModal, useMessages } from '../../hooks'
import { SIGN_IN_MESSAGES } from '../../messages'
import { useComicsContext } from '../../hooks/useComicsContext'

export interface EmailLinkSignInProps {
  /** The address to look at; default the page's own, read once when the component mounts. */
  url?: string
  /**
   * Called with the address minus the link's parameters once the link is used or given up, so that a
   * reload or Back does not offer the spent code again. Default: `history.replaceState` to it.
   */
  onDone?: (address: string) => void
  className?: string
}

type Phase = { name: 'none' } | { name: 'signing-in'; link: string } | { name: 'asking'; link: string }

/**
 * Finishes an email-link sign-in (spec §7) when the page was opened from the link the auth modal's
 * 'Email me a sign-in link' sent. In the browser that asked for it the address is remembered
 * (`stores.signInEmail`, key 'emailForSignIn') and the reader is signed in at once; in another browser,
 * or when that fails, a dialog asks for the address the link was sent to. The field keeps what was
 * typed; a wrong address, or a used or expired link, shows the provider's message, and 'Get a new link'
 * opens the sign-in modal. Render it once on every page, beside the AuthModal; it shows nothing for a
 * page that is not a sign-in link.
 * @example
 * <ComicsProvider auth={...}>
 *   <AuthModal />
 *   <EmailLinkSignIn />
 * </ComicsProvider>
 */
export function EmailLinkSignIn({ url, onDone, className }: EmailLinkSignInProps) {
  const { auth, stores } = useComicsContext('EmailLinkSignIn')
  const messages = useMessages(SIGN_IN_MESSAGES)
  const { openAuthModal } = useAuthModal()
  const { signInWithLink, pending, error, errorMessage, clearError } = useAuth()
  const [phase, setPhase] = useState<Phase>({ name: 'none' })
  const [email, setEmail] = useState('')
  const emailId = useId()
  // Once per page: StrictMode's second effect run must not spend the one-time code twice.
  const started = useRef(false)

  const done = (link: string) => {
    const address = withoutActionLinkParams(link)
    if (onDone) onDone(address)
    else window.history.replaceState(window.history.state, '', address)
    clearError()
    setPhase({ name: 'none' })
  }

  const finish = async (address: string, link: string) => {
    if (await signInWithLink(address, link)) done(link)
    else setPhase({ name: 'asking', link })
  }

  useEffect(() => {
    if (started.current || !auth) return
    const link = url ?? window.location.href
    if (!auth.isSignInLink(link)) return
    started.current = true
    const remembered = stores.signInEmail.getSnapshot()
    if (remembered) {
      setEmail(remembered)
      setPhase({ name: 'signing-in', link })
      void finish(remembered, link)
    } else {
      setPhase({ name: 'asking', link })
    }
    // The page's address when it opened; later changes are in-app navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth])

  if (phase.name === 'none') return null
  const { link } = phase
  const spent = error?.messageKey === 'auth.linkExpired'

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    void finish(email, link)
  }

  return (
    <Dialog
      open
      onClose={() => done(link)}
      className={className ? `comics-email-link ${className}` : 'comics-email-link'}
      backdropClassName="comics-email-link__backdrop"
      data-state={phase.name}
    >
      <DialogTitle className="comics-email-link__title">{messages['emailLink.title']}</DialogTitle>
      {phase.name === 'signing-in' ? (
        <DialogDescription className="comics-email-link__text" role="status">
          {messages['emailLink.signingIn']}
        </DialogDescription>
      ) : (
        <>
          <DialogDescription className="comics-email-link__text">{messages['emailLink.askEmail']}</DialogDescription>
          <form className="comics-email-link__form" onSubmit={submit} aria-busy={pending}>
            <label className="comics-email-link__field" htmlFor={emailId}>
              <span className="comics-email-link__label">{messages['authModal.email']}</span>
              <input
                id={emailId}
                className="comics-email-link__input"
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </label>
            {errorMessage && (
              <p className="comics-email-link__error" role="alert">
                {errorMessage}
              </p>
            )}
            <button type="submit" className="comics-button comics-email-link__submit" disabled={pending}>
              {messages['emailLink.submit']}
            </button>
            {spent && (
              <button
                type="button"
                className="comics-button comics-email-link__new-link"
                data-variant="ghost"
                onClick={() => {
                  done(link)
                  openAuthModal('sign-in')
                }}
              >
                {messages['emailLink.newLink']}
              </button>
            )}
          </form>
        </>
      )}
      <button type="button" className="comics-dialog__close" aria-label={messages['common.close']} onClick={() => done(link)}>
        <span aria-hidden="true">×</span>
      </button>
    </Dialog>
  )
}
