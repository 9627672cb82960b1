import { useId, useState, type FormEvent } from 'react'
import type { SocialProvider } from '@comics/core'
import { Dialog, DialogDescription, DialogTitle } from '../../dialog'
import { useAuth, useAuthModal, useMessages } from '../../hooks'
import { formatMessage, SIGN_IN_MESSAGES, type SignInMessages, type TextMessageKey } from '../../messages'

/** The social buttons the modal shows, in the spec's order (spec §2, §9). */
const SOCIAL_BUTTONS: readonly { provider: SocialProvider; label: TextMessageKey & keyof SignInMessages }[] = [
  { provider: 'facebook', label: 'authModal.continueWithFacebook' },
  { provider: 'google', label: 'authModal.continueWithGoogle' },
  { provider: 'apple', label: 'authModal.continueWithApple' },
]

export interface AuthModalProps {
  className?: string
}

/**
 * The sign-in and sign-up modal (spec §2 "Modals", §4 "Auth"). It follows the provider's shared auth
 * modal state: any control opens it with `useAuthModal().openAuthModal()`, and one AuthModal on the page
 * renders it. Social buttons for Facebook, Google and Apple, then email and password; the primary button
 * reads Sign In or Sign Up by mode, and 'Not a member?' / 'Already a member?' switch the mode. A
 * successful sign-in stores the session and closes the modal; a failure is shown (and logged) and the
 * typed email and password stay. The mode is exposed as `data-mode` on the dialog.
 * In sign-in mode, 'Email me a sign-in link' mails a link for the typed address (spec §7) and the modal
 * says where it went; `EmailLinkSignIn` finishes the sign-in when the reader comes back with the link.
 * 'Forgot password?' mails a password-reset link for the typed address and answers the same whether or
 * not an account has it; `PasswordReset` is the page the link opens.
 * @example
 * <ComicsProvider apiBaseUrl="/api/v1" auth={({ session }) => createFirebaseAuth({ firebase, session })}>
 *   <TopBar />
 *   <AuthModal />
 * </ComicsProvider>
 */
export function AuthModal({ className }: AuthModalProps) {
  const { isOpen, mode, closeAuthModal } = useAuthModal()
  const messages = useMessages(SIGN_IN_MESSAGES)
  return (
    <Dialog
      open={isOpen}
      onClose={closeAuthModal}
      className={className ? `comics-auth-modal ${className}` : 'comics-auth-modal'}
      backdropClassName="comics-auth-modal__backdrop"
      data-mode={mode}
    >
      {/* Mounted only while open, so each opening starts with empty fields and no error. */}
      <AuthModalContent />
      <button
        type="button"
        className="comics-dialog__close comics-auth-modal__close"
        aria-label={messages['common.close']}
        onClick={closeAuthModal}
      >
        <span aria-hidden="true">×</span>
      </button>
    </Dialog>
  )
}

function AuthModalContent() {
  const messages = useMessages(SIGN_IN_MESSAGES)
  const { mode, setMode } = useAuthModal()
  const { signIn, signUp, signInWithProvider, sendSignInLink, sendPasswordReset, pending, errorMessage, clearError } = useAuth()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  /**
   * The address a sign-in link or a password-reset link was just sent to: the modal then says so instead
   * of showing the form.
   */
  const [sent, setSent] = useState<{ link: 'sign-in' | 'reset'; email: string } | null>(null)
  const emailId = useId()
  const passwordId = useId()
  const signingUp = mode === 'sign-up'

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    // No client-side validation beyond the email input type (spec §5): the provider judges the rest.
    void (signingUp ? signUp(email, password) : signIn(email, password))
  }

  const switchMode = () => {
    clearError()
    setMode(signingUp ? 'sign-in' : 'sign-up')
  }

  const sendLink = async () => {
    if (pending) return
    if (await sendSignInLink(email)) setSent({ link: 'sign-in', email })
  }

  const sendReset = async () => {
    if (pending) return
    // The same answer whether or not the address has an account (the service makes sure of it).
    if (await sendPasswordReset(email)) setSent({ link: 'reset', email })
  }

  if (sent !== null) {
    return (
      <div className="comics-auth-modal__layout" data-state={sent.link === 'reset' ? 'reset-sent' : 'link-sent'}>
        <div className="comics-auth-modal__body">
          <DialogTitle className="comics-auth-modal__title">{messages['authModal.linkSentTitle']}</DialogTitle>
          <DialogDescription className="comics-auth-modal__text">
            {formatMessage(messages[sent.link === 'reset' ? 'authModal.resetSent' : 'authModal.linkSent'], { email: sent.email })}
          </DialogDescription>
          <button type="button" className="comics-button comics-auth-modal__submit" onClick={() => setSent(null)}>
            {messages['authModal.backToSignIn']}
          </button>
        </div>
      </div>
    )
  }

  return (
    <div className="comics-auth-modal__layout">
      <DialogDescription className="comics-auth-modal__banner">{messages['authModal.banner']}</DialogDescription>
      <div className="comics-auth-modal__body">
        <DialogTitle className="comics-auth-modal__title">
          {signingUp ? messages['authModal.signUp'] : messages['authModal.signIn']}
        </DialogTitle>
        <div className="comics-auth-modal__social">
          {SOCIAL_BUTTONS.map(({ provider, label }) => (
            <button
              key={provider}
              type="button"
              className="comics-button comics-auth-modal__social-button"
              data-variant="ghost"
              data-provider={provider}
              disabled={pending}
              onClick={() => void signInWithProvider(provider)}
            >
              {messages[label]}
            </button>
          ))}
        </div>
        <p className="comics-auth-modal__or">
          <span>{messages['authModal.or']}</span>
        </p>
        <form className="comics-auth-modal__form" onSubmit={submit} aria-busy={pending}>
          <label className="comics-auth-modal__field" htmlFor={emailId}>
            <span className="comics-auth-modal__label">{messages['authModal.email']}</span>
            <input
              id={emailId}
              className="comics-auth-modal__input"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label className="comics-auth-modal__field" htmlFor={passwordId}>
            <span className="comics-auth-modal__label">{messages['authModal.password']}</span>
            <input
              id={passwordId}
              className="comics-auth-modal__input"
              type="password"
              name="password"
              autoComplete={signingUp ? 'new-password' : 'current-password'}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          {errorMessage && (
            <p className="comics-auth-modal__error" role="alert">
              {errorMessage}
            </p>
          )}
          <button type="submit" className="comics-button comics-auth-modal__submit" disabled={pending}>
            {signingUp ? messages['authModal.signUp'] : messages['authModal.signIn']}
          </button>
          {!signingUp && (
            <button
              type="button"
              className="comics-button comics-auth-modal__email-link"
              data-variant="ghost"
              disabled={pending}
              onClick={() => void sendLink()}
            >
              {messages['authModal.emailLink']}
            </button>
          )}
          {!signingUp && (
            <button
              type="button"
              className="comics-auth-modal__forgot"
              disabled={pending}
              onClick={() => void sendReset()}
            >
              {messages['authModal.forgotPassword']}
            </button>
          )}
        </form>
        <button type="button" className="comics-auth-modal__switch" onClick={switchMode} disabled={pending}>
          {signingUp ? messages['authModal.alreadyMember'] : messages['authModal.notMember']}
        </button>
      </div>
    </div>
  )
}
