export { CookieConsentBanner, type CookieConsentBannerProps } from './CookieConsentBanner'
