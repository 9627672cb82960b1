import { lazy } from 'react'

// Every screen is its own chunk: the home page loads only what it shows.
export const HomeScreen = lazy(() => import('../screens/HomeScreen'))
export const CategoriesScreen = lazy(() => import('../screens/CategoriesScreen'))
export const ComicScreen = lazy(() => import('../screens/ComicScreen'))
export const ReaderScreen = lazy(() => import('../screens/ReaderScreen'))
export const PremiumScreen = lazy(() => import('../screens/PremiumScreen'))
export const PaymentScreen = lazy(() => import('../screens/PaymentScreen'))
export const AccountScreen = lazy(() => import('../screens/AccountScreen'))
export const PrivacyPolicyScreen = lazy(() => import('../screens/PrivacyPolicyScreen'))
export const TermsOfUseScreen = lazy(() => import('../screens/TermsOfUseScreen'))
export const PaymentAndRefundScreen = lazy(() => import('../screens/PaymentAndRefundScreen'))
export const NotFoundScreen = lazy(() => import('../screens/NotFoundScreen'))
export const AdminScreen = lazy(() => import('../admin/AdminScreen'))
