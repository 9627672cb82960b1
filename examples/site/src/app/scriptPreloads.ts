import { useContext } from 'react'
import { preloadModule, type PreloadModuleOptions } from 'react-dom'
import { UNSAFE_FrameworkContext, useMatches } from 'react-router'

/**
 * In the server's render: the document's module preloads, asked for at low priority. The framework's
 * <Scripts> preloads the same modules at the browser's default (high) priority, and on a slow link 20 to 30
 * scripts would then share it with the stylesheet and the page's image (and, over HTTP/1.1, take the six
 * connections before them): the first paint waited for them. React writes these first in the head, and the
 * browser fetches each module once (its module map is keyed by address), at the priority it first saw.
 * The same list as the framework's: its manifest, the browser entry and each matched route's chunks.
 */
export function useLowPriorityScriptPreloads(nonce: string | undefined): void {
  const framework = useContext(UNSAFE_FrameworkContext)
  const matches = useMatches()
  if (!import.meta.env.SSR || !framework) return
  const { manifest } = framework
  const hrefs = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports])
  for (const match of matches) {
    const route = manifest.routes[match.id]
    if (!route) continue
    hrefs.add(route.module)
    for (const href of route.imports ?? []) hrefs.add(href)
  }
  // fetchPriority is forwarded since React DOM 19.3; its types do not list it yet.
  for (const href of hrefs) preloadModule(href, { as: 'script', nonce, fetchPriority: 'low' } as PreloadModuleOptions)
}
