import { AUTH_MESSAGES, FORM_MESSAGES } from '@comics/core'

/**
 * The messages of signing in: the auth modal, the email link's finish, the prompt to confirm one's address,
 * and core's auth and form messages under their own keys (`auth.network`, `passwords-mismatch`). Their
 * components take them with `useMessages(SIGN_IN_MESSAGES)` (the account's pages through
 * ACCOUNT_MESSAGES, which holds them), so a page that never opens them does not carry them; a
 * provider's overrides win.
 */
export const SIGN_IN_MESSAGES = /* @__PURE__ */ Object.freeze({
  ...AUTH_MESSAGES,
  ...FORM_MESSAGES,

  // Auth modal
  'authModal.continueWithFacebook': 'Continue With Facebook',
  'authModal.continueWithGoogle': 'Continue With Google',
  'authModal.continueWithApple': 'Continue With Apple',
  'authModal.or': 'OR',
  'authModal.email': 'Your Email',
  'authModal.password': 'Your Password',
  'authModal.signIn': 'Sign In',
  'authModal.signUp': 'Sign Up',
  'authModal.notMember': 'Not a member?',
  'authModal.alreadyMember': 'Already a member?',
  'authModal.banner': 'SIGN UP AND DISCOVER NEW EPISODES from your favourite comics',
  // Email-link sign-in (spec §7): the modal sends the link, EmailLinkSignIn finishes it.
  'authModal.emailLink': 'Email me a sign-in link',
  'authModal.linkSentTitle': 'Check your email',
  'authModal.linkSent': 'We sent a sign-in link to {email}. Open it to sign in: in this browser it signs you in at once, in another one you will be asked for this address.',
  'authModal.backToSignIn': 'Back to sign in',
  'emailLink.title': 'Finish signing in',
  'emailLink.askEmail': 'Enter the email address the sign-in link was sent to.',
  'emailLink.signingIn': 'Signing you in…',
  'emailLink.submit': 'Sign In',
  'emailLink.newLink': 'Get a new link',
  // Forgot password: the sign-in modal's request, then the site's page for the mailed link
  'authModal.forgotPassword': 'Forgot password?',
  'authModal.resetSent': 'If an account exists for {email}, we sent it a link to choose a new password.',

  // Email confirmation: the prompt after sign-up, the site's page for the mailed link
  'verifyEmail.title': 'Confirm your email address',
  'verifyEmail.prompt': 'We sent a link to {email}. Open it to confirm your address: you need it to change your email later.',
  'verifyEmail.notSent': 'Confirm {email}: we will send you a link to open.',
  'verifyEmail.send': 'Send the link',
  'verifyEmail.resend': 'Send the link again',
  'verifyEmail.resendIn': { one: 'Send again in {n} second', other: 'Send again in {n} seconds' },
  'verifyEmail.sent': 'A new link is on its way to {email}.',
})
