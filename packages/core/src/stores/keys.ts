/** Local storage keys, exactly those of spec §9. */
export const STORAGE_KEYS = Object.freeze({
  authUser: 'authUser',
  authToken: 'authToken',
  lastReadComics: 'lastReadComics',
  comicsReadingHistory: 'comicsReadingHistory',
  isUserPassAgeVerification: 'isUserPassAgeVerification',
  consent: 'google-analytics-consent',
})
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]
