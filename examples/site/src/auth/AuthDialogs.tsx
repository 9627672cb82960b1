import { lazy, Suspense, useEffect, useState } from 'react'
import { isEmailSignInLink, needsEmailVerification } from '@comics/core'
import { useAuthModal, useSession, type EmailLinkSignInProps } from '@comics/react'

// The kit's sign-in dialogs are fetched when a page needs them: a guest reading a free episode never
// opens one, and their code (the forms, the dialog, the provider's messages) is not on the first load.
const parts = () => import('./authParts')
const AuthModal = lazy(() => parts().then((module) => ({ default: module.AuthModal })))
const EmailLinkSignIn = lazy(() => parts().then((module) => ({ default: module.EmailLinkSignIn })))
const VerifyEmailPrompt = lazy(() => parts().then((module) => ({ default: module.VerifyEmailPrompt })))

/** The kit's AuthModal, fetched the first time it is opened, then kept (it closes as the kit's does). */
export function SignInModal() {
  const { isOpen } = useAuthModal()
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    if (isOpen) setOpened(true)
  }, [isOpen])
  if (!isOpen && !opened) return null
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  )
}

/** The kit's EmailLinkSignIn, on a page opened from an email sign-in link only (read once the page runs, as the kit does). */
export function SignInLinkFinish(props: EmailLinkSignInProps) {
  const [linkPage, setLinkPage] = useState(false)
  useEffect(() => setLinkPage(isEmailSignInLink(window.location.href)), [])
  if (!linkPage) return null
  return (
    <Suspense fallback={null}>
      <EmailLinkSignIn {...props} />
    </Suspense>
  )
}

/** The kit's VerifyEmailPrompt, for a signed-in reader whose address is not confirmed yet. */
export function EmailConfirmationPrompt({ className }: { className?: string }) {
  const { user } = useSession()
  if (!needsEmailVerification(user)) return null
  return (
    <Suspense fallback={null}>
      <VerifyEmailPrompt className={className} />
    </Suspense>
  )
}
