import type { Config } from '@react-router/dev/config'

// React Router's framework mode: the route modules of src/routes.ts, the document of src/root.tsx,
// rendered by the site's server (src/server/main.ts) through the framework's request handler. The
// browser's files go to dist/client, the render's module to dist/server.
export default {
  appDirectory: 'src',
  buildDirectory: 'dist',
  ssr: true,
} satisfies Config
