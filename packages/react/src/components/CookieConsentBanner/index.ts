export { COOKIE_CHOICE_ATTRIBUTE, CookieConsentBanner, type CookieConsentBannerProps } from './CookieConsentBanner'
