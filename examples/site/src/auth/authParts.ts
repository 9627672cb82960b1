// The sign-in dialogs, in a chunk of their own: most visits never open them (src/auth/AuthDialogs.tsx).
export { AuthModal, EmailLinkSignIn, VerifyEmailPrompt } from '@comics/react'
