import type { Decorator, Loader, Preview } from '@storybook/react-vite'
import { setupWorker, type SetupWorker } from 'msw/browser'
import { isCommonAssetRequest } from 'msw'
import { mswLoader } from 'msw-storybook-addon/csf3'
import '../packages/react/src/styles/base.css'
import './partner-theme.css'
import { loadStoryKit, StoryProvider, type KitParameters, type StoryKit, type StoryTheme } from './kit'

// The kit's stylesheet from the sources, in the order of the published styles.css: the theme, then
// every component's stylesheet by folder.
import.meta.glob('../packages/react/src/components/*/*.css', { eager: true })

/** Storybook's own module and asset requests are not the API: let them through without a warning. */
const isStorybookRequest = (url: string) =>
  /\.eot$|\.mdx$|sb-common-assets|__webpack_hmr|iframe\.html|sb-vite|@vite|@react-refresh|\/virtual:|\.stories\.|\/@fs\/|\/node_modules\/|__vitest/.test(url)

async function startWorker(): Promise<SetupWorker> {
  const worker = setupWorker()
  await worker.start({
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL ?? '/'}mockServiceWorker.js` },
    onUnhandledRequest(request, print) {
      if (isCommonAssetRequest(request) || isStorybookRequest(request.url)) return
      // Every API call of a story must be answered by a handler.
      if (new URL(request.url).pathname.startsWith('/api/')) print.error()
    },
  })
  return worker
}

const startMsw = mswLoader(() => workerOnce())
let worker: Promise<SetupWorker> | undefined
const workerOnce = () => (worker ??= startWorker())

/** Starts the service worker once, serves the story's handlers and builds its kit (`loaded.kit`). */
const kitLoader: Loader = async (context) => {
  // The addon's loader starts the worker once and resets its handlers; ours serve the story's.
  if (context.viewMode === 'docs') {
    context.msw = await workerOnce()
  } else {
    await startMsw(context)
  }
  const kit = await loadStoryKit(context.msw, context.globals, context.parameters.kit as KitParameters | undefined, context.viewMode)
  return { kit }
}

const withKit: Decorator = (Story, context) => {
  const kit = context.loaded.kit as StoryKit | undefined
  if (!kit) return <Story />
  return (
    <StoryProvider kit={kit} theme={(context.globals.theme as StoryTheme | undefined) ?? 'default'}>
      <Story />
    </StoryProvider>
  )
}

const preview: Preview = {
  tags: ['autodocs'],
  loaders: [kitLoader],
  decorators: [withKit],
  globalTypes: {
    viewer: {
      description: 'Who is signed in (spec §6 roles)',
      toolbar: {
        title: 'Viewer',
        icon: 'user',
        dynamicTitle: true,
        items: [
          { value: 'guest', title: 'Guest (signed out)' },
          { value: 'free', title: 'Signed in, no subscription' },
          { value: 'level1', title: 'Subscriber level 1' },
          { value: 'level2', title: 'Subscriber level 2' },
          { value: 'level3', title: 'Subscriber level 3' },
          { value: 'level4', title: 'Subscriber level 4' },
          { value: 'admin', title: 'Admin' },
        ],
      },
    },
    siteMode: {
      description: 'The host: adult (AO) or the mirror/normal host (T, M)',
      toolbar: {
        title: 'Site mode',
        icon: 'globe',
        dynamicTitle: true,
        items: [
          { value: 'normal', title: 'Mirror / normal host' },
          { value: 'adult', title: 'Adult host' },
        ],
      },
    },
    theme: {
      description: 'The default theme, or a partner theme made of --comics-* custom properties only',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        dynamicTitle: true,
        items: [
          { value: 'default', title: 'Default theme' },
          { value: 'partner', title: 'Partner theme' },
        ],
      },
    },
  },
  initialGlobals: {
    viewer: 'guest',
    siteMode: 'normal',
    theme: 'default',
  },
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    viewport: {
      options: {
        mobile: { name: 'Mobile 375', styles: { width: '375px', height: '812px' }, type: 'mobile' },
        breakpoint: { name: 'Breakpoint 768', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
    // Every story is an accessibility test: any axe violation fails it.
    a11y: { test: 'error' },
    // The usage snippet of each story: its code as written in the stories file.
    docs: {
      source: { type: 'code' },
      // The component description is its JSDoc; its @example is JSX, which the docs page's markdown would
      // otherwise render as unknown HTML tags. Show it as a fenced usage snippet instead.
      extractComponentDescription: (component: { __docgenInfo?: { description?: string } } | undefined) =>
        usageDescription(component?.__docgenInfo?.description ?? ''),
    },
    options: { storySort: { order: ['Introduction', 'Layout', 'Home', 'Catalogue', 'Comic page', 'Reader', 'Premium', 'Payment', 'Account', 'Modals', 'Pages'] } },
  },
}

export default preview

function usageDescription(description: string): string {
  const [text = '', ...examples] = description.split(/^\s*@example\b/m)
  const snippets = examples.map((example) => '```tsx\n' + example.trim() + '\n```')
  return [text.trim(), ...snippets].filter(Boolean).join('\n\n')
}
