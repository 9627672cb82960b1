/** Where the site's server sends the app shell: the built document with no render, which the worker precaches. */
export const APP_SHELL_PATH = '/app-shell.html'
/** The service worker's script, at the site's root so that its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js'
/** What the page posts to a waiting worker when the reader takes the new version (the worker then skips waiting). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING'
