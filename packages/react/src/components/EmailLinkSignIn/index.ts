export { EmailLinkSignIn, type EmailLinkSignInProps } from './EmailLinkSignIn'
