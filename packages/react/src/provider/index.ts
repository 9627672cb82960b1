export { ComicsProvider, type ComicsProviderProps } from './ComicsProvider'
export type {
  ComicsContextValue,
  ComicsStores,
  FeaturedComic,
  KitLinkProps,
  LinkComponent,
  NavigateOptions,
  SiteConfig,
} from './comicsContext'
export type { AuthModalController, AuthModalMode, AuthModalState } from './authModalController'
export { createDefaultQueryClient, shouldRetryQuery } from './createDefaultQueryClient'
