/**
 * The Cache Storage cache that holds downloaded episodes: their page images under their own URLs (which
 * the site's service worker answers image requests from) and each episode's record. One name, shared by
 * the download store and the worker.
 */
export const DOWNLOADS_CACHE_NAME = 'comics-downloads-v1'
