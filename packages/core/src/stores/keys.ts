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

/**
 * The reader's settings (page width, gap, background): a key of the kit's own, beside the spec's keys,
 * which stay as they are.
 */
export const READER_SETTINGS_STORAGE_KEY = 'comicsReaderSettings'
