/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Host of the adult site, with its port; default adult.localhost on the port the site is served on. */
  readonly VITE_ADULT_HOST?: string
  /** Comma-separated mirror hosts; default localhost and 127.0.0.1 on the site's port. */
  readonly VITE_MIRROR_HOSTS?: string
  /** The API root; default the same-origin /api/v1. */
  readonly VITE_API_BASE_URL?: string
  readonly VITE_FIREBASE_API_KEY?: string
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string
  readonly VITE_FIREBASE_PROJECT_ID?: string
  readonly VITE_FIREBASE_APP_ID?: string
  /** The Firebase Auth emulator; default http://127.0.0.1:9099 in development, none in a build. */
  readonly VITE_AUTH_EMULATOR_URL?: string
  /** Google Analytics measurement id: gtag.js loads only when it is set, and only after the visitor accepts cookies. */
  readonly VITE_GA_ID?: string
  /** Where the signed-in reader's ID token is POSTed (sign-in, refresh) and DELETEd (logout); none by default. */
  readonly VITE_TOKEN_SYNC_URL?: string
  /** '1' prints analytics events to the console in a build too (development always does). */
  readonly VITE_ANALYTICS_CONSOLE?: string
  /** Address of the footer's mail links. */
  readonly VITE_SUPPORT_EMAIL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
