/// <reference lib="webworker" />
// The site's service worker, built by vite-plugin-pwa (injectManifest) into dist/client/sw.js, after the
// server's build (vite.config.ts), with the build's precache list in place of self.__WB_MANIFEST. See
// docs/decisions.md "## Offline and downloads".
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { DOWNLOADS_CACHE_NAME } from '@comics/core/offline'
import { APP_SHELL_PATH, SKIP_WAITING_MESSAGE } from '../src/offline/offlineConstants'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }

// The app shell (the built document, as the site's server sends it with no render) and every hashed
// script, stylesheet and icon: served from the cache first, the next build's taken on the next visit.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// A new version waits until the reader says Reload ('New version available'): the page asks for it.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting()
})
// The first install takes the open page at once, so what it downloads is read from the cache offline.
clientsClaim()

// Navigation preload: the document's request leaves with the navigation, while the worker starts up,
// instead of once it runs (a worker is stopped between visits, and starting it costs a phone its time).
self.addEventListener('activate', (event: ExtendableEvent) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable())
})

// Documents: the server's (rendered for this request, with its nonce and the reader's cookies), the
// navigation's preloaded answer when there is one; with no network, the precached shell, which renders the
// screen from what is stored on the device. Documents are never cached: they may carry a reader's own data.
registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined
        return preloaded ?? (await fetch(request))
      } catch (error) {
        const shell = await matchPrecache(APP_SHELL_PATH)
        if (shell) return shell
        throw error
      }
    },
    { denylist: [/^\/api\//] },
  ),
)

// Page images of downloaded episodes come from the downloads' cache (core's download store fills it); any
// other image from the network as usual. API answers are never cached here.
registerRoute(
  ({ request }) => request.destination === 'image',
  async ({ request }) => {
    const cache = await caches.open(DOWNLOADS_CACHE_NAME)
    return (await cache.match(request.url)) ?? fetch(request)
  },
)
