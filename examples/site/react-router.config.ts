import type { Config } from '@react-router/dev/config'

// React Router's framework mode: the route modules of src/routes.ts, the document of src/root.tsx,
// rendered by the site's server (src/server/main.ts) through the framework's request handler. The
// browser's files go to dist/client, the server with the render to dist/server (SITE_BUILD_DIR instead
// of dist: the test stacks build into folders of their own).
export default {
  appDirectory: 'src',
  buildDirectory: process.env.SITE_BUILD_DIR || 'dist',
  ssr: true,
  // Every route in every document's manifest: the app shell opens any address without network, where
  // asking the server for the routes it lacks would fail (a few hundred bytes per document).
  routeDiscovery: { mode: 'initial' },
} satisfies Config
