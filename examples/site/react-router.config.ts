import type { Config } from '@react-router/dev/config'

// React Router's framework mode: the route modules of src/routes.ts, the document of src/root.tsx,
// rendered by the site's server (src/server/main.ts) through the framework's request handler. The
// browser's files go to dist/client, the server with the render to dist/server (SITE_BUILD_DIR instead
// of dist: the test stacks build into folders of their own).
export default {
  appDirectory: 'src',
  buildDirectory: process.env.SITE_BUILD_DIR || 'dist',
  ssr: true,
} satisfies Config
