import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Alias } from 'vite'

/**
 * React Router 7 points every export condition at its development build (remix-run/react-router#14102),
 * which differs from its production build only by ENABLE_DEV_WARNINGS = true: a production bundle would
 * ship and run the warnings. The site's production build takes the package's production build instead
 * (the same files with the warnings off); development and the tests keep the warnings.
 */
export function reactRouterProductionAlias(): Alias[] {
  const packageDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'))
  // Both entries, so the framework's browser entry (react-router/dom) shares the build's contexts.
  return [
    { find: /^react-router$/, replacement: join(packageDir, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(packageDir, 'dist/production/dom-export.mjs') },
  ]
}
