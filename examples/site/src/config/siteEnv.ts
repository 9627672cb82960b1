import { SITE_CONFIG_ELEMENT_ID } from '../app/documentMarks'

/** The site's settings from Vite's environment (see README "Configuration"); read once at start. */
export interface SiteEnv {
  adultHost: string
  mirrorHosts: string[]
  apiBaseUrl: string
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string }
  authEmulatorUrl: string | undefined
  gaId: string | undefined
  /** Where the ID token is POSTed on sign-in and refresh and DELETEd on logout (spec §7); no sync without it. */
  tokenSyncUrl: string | undefined
  analyticsToConsole: boolean
  supportEmail: string
}

export const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/**
 * What the site's server wrote into the document (src/server/document.ts): where this deployment's API
 * is. Absent in development and in a render on the server.
 */
function runtimeConfig(): { apiBaseUrl?: string } {
  const element = typeof document === 'undefined' ? null : document.getElementById(SITE_CONFIG_ELEMENT_ID)
  if (!element?.textContent) return {}
  try {
    const value = JSON.parse(element.textContent) as { apiBaseUrl?: unknown }
    return typeof value.apiBaseUrl === 'string' ? { apiBaseUrl: value.apiBaseUrl } : {}
  } catch {
    return {}
  }
}

/**
 * Without configured hosts the site follows the port it is served on, so `pnpm dev` (5173), a preview
 * and the end-to-end run on a free port all get adult.localhost and localhost of their own port.
 */
export function readSiteEnv(location: Pick<Location, 'port'> = window.location): SiteEnv {
  const env = import.meta.env
  const port = location.port ? `:${location.port}` : ''
  return {
    adultHost: env.VITE_ADULT_HOST || `adult.localhost${port}`,
    mirrorHosts: env.VITE_MIRROR_HOSTS ? listOf(env.VITE_MIRROR_HOSTS) : [`localhost${port}`, `127.0.0.1${port}`],
    apiBaseUrl: runtimeConfig().apiBaseUrl || env.VITE_API_BASE_URL || '/api/v1',
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || 'demo-comics.firebaseapp.com',
      projectId: env.VITE_FIREBASE_PROJECT_ID || 'demo-comics',
      ...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
    },
    authEmulatorUrl: env.VITE_AUTH_EMULATOR_URL || (env.DEV ? 'http://127.0.0.1:9099' : undefined),
    gaId: env.VITE_GA_ID || undefined,
    tokenSyncUrl: env.VITE_TOKEN_SYNC_URL || undefined,
    analyticsToConsole: env.DEV || env.VITE_ANALYTICS_CONSOLE === '1',
    supportEmail: env.VITE_SUPPORT_EMAIL || 'support@comics.example',
  }
}
