'use client'
// The whole public surface of @comics/react. Import the stylesheet once: import '@comics/react/styles.css'

export * from './provider'
export * from './hooks'
export * from './messages'

// ---------------------------------------------------------------------------------------------------
// Components. Each lives in src/components/<Name>/ with its stylesheet, test and index.ts; add one
// export line per component below, in alphabetical order.
// ---------------------------------------------------------------------------------------------------
export * from './components/AccountBenefits'
export * from './components/AccountHeader'
export * from './components/AccountInfo'
export * from './components/AgeVerificationModal'
export * from './components/AuthModal'
export * from './components/ChangePasswordModal'
export * from './components/ComicCard'
export * from './components/ComicCarousel'
export * from './components/CookieConsentBanner'
export * from './components/FeaturedCarousel'
export * from './components/Footer'
export * from './components/GenreBar'
export * from './components/LastReadSlider'
export * from './components/OrderSummary'
export * from './components/PaymentForm'
export * from './components/PaymentMethodSelect'
export * from './components/PlanSelector'
export * from './components/PolicyPage'
export * from './components/SaleBanner'
export * from './components/TopBar'
export * from './components/UpgradeBanner'
