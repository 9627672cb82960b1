import type { HeadersFunction } from 'react-router'
import { headMeta, type ScreenLoaderData } from '../app/screenLoader'

/**
 * The app shell: the document with the site's head, its scripts and an empty #root, which the service
 * worker precaches (vite.config.ts) and answers with for any address when there is no network. The app
 * then renders that address's screen from what the device holds. Its own address shows nothing.
 */
export const loader = (): ScreenLoaderData => ({ browserRendered: true })
export const meta = () => headMeta(null)
// Asked for by the worker at each new build (its revision), and by nothing else.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'public, no-cache' })

export default function AppShell() {
  return null
}
