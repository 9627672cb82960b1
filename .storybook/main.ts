import type { StorybookConfig } from '@storybook/react-vite'
import { mergeConfig } from 'vite'
import { workspaceAliases } from '../vitest.shared.js'

// Storybook for @comics/react and @comics/embed's element: stories sit next to their components and run
// on the sources of the workspace packages (the same aliases as the tests), so no package build is needed.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['./Introduction.mdx', '../packages/react/src/**/*.stories.@(ts|tsx)', '../packages/embed/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // mockServiceWorker.js (written by `msw init`) is served from here.
  staticDirs: ['./public'],
  // The preview names its icon, so a browser does not ask the host for /favicon.ico.
  previewHead: (head) => `${head}<link rel="icon" type="image/svg+xml" href="./favicon.svg" />`,
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      resolve: { alias: workspaceAliases },
      build: { chunkSizeWarningLimit: 2000 },
    }),
}

export default config
