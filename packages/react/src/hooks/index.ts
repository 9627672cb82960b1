export { queryKeys } from './queryKeys'
export { useApi } from './useApi'
export { useSession } from './useSession'
export { useAuth, type AuthActions } from './useAuth'
export { useEmailVerification, type EmailVerificationState } from './useEmailVerification'
export { useDeleteAccount, type DeleteAccountState } from './useDeleteAccount'
export { useAuthModal, type AuthModalHandle } from './useAuthModal'
export { useOnAuthModalClose } from './useOnAuthModalClose'
export { useSubscription, type SubscriptionState } from './useSubscription'
export { useViewer, type ViewerState } from './useViewer'
export { comicsQueryOptions, useComics, type ComicsQuery } from './useComics'
export { useComicSearch, type ComicSearchOptions, type ComicSearchState } from './useComicSearch'
export { useComicSearchPages, type ComicSearchPagesState } from './useComicSearchPages'
export { useComic, comicQueryOptions } from './useComic'
export { useChapters, chaptersQueryOptions } from './useChapters'
export { useEpisodeAssets, episodeAssetsQueryOptions } from './useEpisodeAssets'
export { useEpisodeTranscript, episodeTranscriptQueryOptions } from './useEpisodeTranscript'
export { useSavePageAlt, useSaveTranscript, type EpisodeAccessibilityTarget } from './useEpisodeAccessibility'
export { usePageUpload, type PageUpload, type PageUploadItem, type PageUploadPhase, type PageUploadTarget } from './usePageUpload'
export { prefetchEpisode } from './prefetchEpisode'
export { useGenres } from './useGenres'
export { usePlans, type PlansState } from './usePlans'
export { usePurchases, type PurchasesState } from './usePurchases'
export { usePaymentMethods } from './usePaymentMethods'
export { useCheckout, type CheckoutOptions } from './useCheckout'
export { useCheckoutConfirmation, CONFIRMATION_POLL_MS, type CheckoutConfirmation } from './useCheckoutConfirmation'
export { useReadingProgress, type ReadingProgressState } from './useReadingProgress'
export { useConsent, type ConsentHandle } from './useConsent'
export { useAgeVerification, type AgeVerificationHandle } from './useAgeVerification'
export { useEpisodeAccess, type EpisodeAccess } from './useEpisodeAccess'
export { useSiteMode } from './useSiteMode'
export { useSiteConfig } from './useSiteConfig'
export { useAnalytics } from './useAnalytics'
export { useMessages } from './useMessages'
export { useLocale } from './useLocale'
export { useNavigate } from './useNavigate'
export { useGoBack } from './useGoBack'
export { useRedirect } from './useRedirect'
export { useLink } from './useLink'
export { useAuditLog, type AuditLogOptions } from './useAuditLog'
export {
  useCoinPacks,
  useCoinUnlocks,
  useCoinHistory,
  useAdminCoinBalance,
  useCreditCoins,
  useRefundCoinPack,
  useUnlockEpisode,
  useCoinCheckout,
  useCoinPurchaseConfirmation,
  COIN_CONFIRMATION_POLL_MS,
  type CoinCheckoutOptions,
} from './useCoins'
// The balance alone: the top bar shows it on every page, without the rest of the coins' hooks.
export { useCoinBalance } from './useCoinBalance'
export { useFollows, useFollowComic, useNewEpisodeIds } from './useFollows'
export { useReaderSettings, type ReaderSettingsHandle } from './useReaderSettings'
export { useDownloads, type DownloadsHandle } from './useDownloads'
export {
  useEpisodeDownload,
  useSaveEpisode,
  type EpisodeDownloadHandle,
  type EpisodeDownloadState,
  type EpisodeDownloadTarget,
} from './useEpisodeDownload'
export { useOnline } from './useOnline'
export { useRemoveRevokedDownloads } from './useRemoveRevokedDownloads'
export { useWaitForFree, useUnlockEpisodeFree, useSetWaitForFree, waitForFreeQueryOptions } from './useWaitForFree'
export { COMMENTS_PAGE_SIZE, episodeReactionsQueryOptions, useCommentModeration, useComments, useEpisodeReactions } from './useComments'
