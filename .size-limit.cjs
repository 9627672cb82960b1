// Size budgets, gzip, bundled with esbuild as an app would bundle them. The core budgets import from the
// package's main entry on purpose: tree shaking, not a special entry, must keep them small. Firebase is
// never part of the main entry: it lives behind `@comics/core/firebase` and loads on first use.
const core = 'packages/core/dist/index.js'
const budget = (name, path, importSpec, limit, extra = {}) => ({ name, path, import: importSpec, limit, gzip: true, ...extra })

const reactKitPeers = ['react', 'react/jsx-runtime', 'react-dom', '@tanstack/react-query', '@comics/core']

module.exports = [
  budget('@comics/core: rules only (PLANS, isEpisodeLocked)', core, '{ PLANS, isEpisodeLocked }', '2 kB'),
  budget('@comics/core: stores', core, '{ createSessionStore, createProgressStore, createConsentStore, createAgeGate, createBrowserStorage }', '3 kB'),
  // The client loads axios with its first request that goes out (a dynamic import): what a page pays before
  // that, and the whole, split into chunks as an app's bundler splits them. The whole is a little more
  // than with a static import (two files compress less well than one; docs/performance.md).
  // The contract's checks (zod and the schemas) load with the first call too (core's api/endpointContract.js,
  // which api/callEndpoint.js imports as './endpointContract.js').
  // Raised by 0.05 kB with the client's `transcripts` group and `assets.setAlt` (accessible
  // episodes, issue 40).
  budget('@comics/core: API client before its first request (no axios)', core, '{ createComicsApi }', '2.65 kB', { ignore: ['axios', './endpointContract.js'] }),
  // Raised with the payments calls, scheduled releases, the export of one's data, the account's calls and the
  // studio's (docs/performance.md, "Size budgets").
  // Raised by 0.75 kB when the contract's checks became a chunk of their own: the same code, in a bundle
  // that inlines the dynamic import, wrapped for lazy evaluation (docs/performance.md, "Size budgets").
  // Raised with the calls of the payment providers' boundary, free after a wait and comments (their
  // contract's schemas load with the first call; docs/performance.md, "Size budgets").
  // Raised by 2.25 kB when core's ESM build became one file per module (what lets
  // an app's bundler split along modules, as the site's does): with esbuild's splitting, the dynamic imports'
  // shared modules make more chunks, each with its own imports and exports. The whole entry, bundled as one,
  // grew 0.46 kB in the same change (the next budget).
  // Raised by 0.5 kB with accessible episodes (issue 40): the transcript's and the alt
  // text's schemas and calls.
  budget('@comics/core: API client with axios and zod', core, '{ createComicsApi }', '44.5 kB', {
    modifyEsbuildConfig: (config) => ({ ...config, format: 'esm', splitting: true }),
  }),
  // Raised by 1 kB for the same reason (the contract's checks loaded with the first call).
  // Raised with offline reading: the download store, its rule and withOfflineDownloads (docs/performance.md).
  // Raised with the host rule, free after a wait and the comments' rules and contract.
  // Raised by 0.5 kB with the framework's first load: the action links' yes-or-no
  // checks apart from the auth errors (readActionLink) and the download store loaded on first use
  // (createLazyDownloadStore).
  // Raised by 0.75 kB with accessible episodes (issue 40): the contract's transcript and alt text, their rules
  // (transcriptPages, normalizedPageAlt) and the offline answer of a downloaded episode's transcript.
  // Raised by 0.5 kB with tall pages in tiles: the asset's `tiles` in the contract,
  // `assetTileUrl`, the tile rules (pageTileHeights, pageTileRows) and the download store keeping a tall page's tiles.
  // Raised by 0.25 kB with auto-scroll's speed among the reader settings (its
  // choices, the default for records from before it, the layout settings apart).
  // Then with continuous reading's setting (its choices and the default for records from before it).
  // Raised by 0.25 kB with the progress sync sending only the positions changed
  // since the account's last answer (issue 44).
  budget('@comics/core: whole main entry (no Firebase)', core, '*', '62.75 kB'),
  // Raised with the calls of a reader's own account (password reset, email verification, re-authentication,
  // change of email).
  budget('@comics/core/firebase: adapter without the SDK', 'packages/core/dist/firebase.js', '{ createFirebaseAuth }', '4.75 kB', {
    ignore: ['firebase', 'firebase/app', 'firebase/auth'],
  }),
  // @comics/react: the kit's own code only; its peers and core are counted in their own budgets.
  // Raised with forgot password, the payment confirmation and the scheduled preview, then with the
  // confirmation of the address, the change of email, the deletion of the account and the page uploader. One entry still: a
  // second entry would hold its own copy of the provider's context in the CJS build.
  // Raised with the search page's paging hook (51.25 kB), then by 0.5 kB (51.57 kB measured) with the carousels' lazy Embla
  // binding (useDeferredEmbla), then with the download buttons and the storage page (offline reading).
  // Raised with free after a wait (countdown, status card, admin setting), comments and likes (list, form,
  // like button, moderation) and the admin's refund of a coin pack.
  // Raised with the terms box's policy links, the pay buttons' reasons, the payment page's checkout and the
  // cookie banner's purpose line and room for the reader; with the end-of-episode card and the coin unlock's
  // confirmation; with the episode list's likes and comments (docs/performance.md).
  // Raised by 0.5 kB when the ESM build became one file per module: the same
  // minified code compresses a little less once bundled from ~200 files (each with its own imports) than
  // from one; a part of the kit costs less instead (the Reader alone 17.46 → 13.71 kB).
  // Raised by 0.5 kB with the framework's first load: messages tables per page
  // (EPISODE_MESSAGES, SIGN_IN_MESSAGES), the coin balance and the top bar's search in modules of their own, the
  // progress and settings syncs and the download store loaded when first needed (their loaders).
  // Raised by 2 kB with the zoom of the reader's strip: pinch, double tap, Ctrl +
  // wheel, the header's control and the zoom keys (useReaderZoom, ReaderZoomControl, their messages).
  // Raised by 4 kB with accessible episodes (issue 40): the studio's EpisodeAccessibilityEditor and its
  // `accessibility.*` messages (most of it), the reader's Transcript dialog and button, and their hooks.
  // Raised by 0.75 kB with tall pages in tiles: ReaderPage's stack of tiles (their
  // boxes, lazy loading, arrival, retries and stall clocks per tile) and the prefetch of a tall first page's first tile.
  // Raised by 1.5 kB with the Reader's auto-scroll: its hook (frames, what stops
  // it), the footer's toggle, its keys and its messages, and the strip's cheaper scroll events.
  // Raised by 0.75 kB with continuous reading: the strip of episodes (each its own
  // ReaderEpisodePages), the move of the address to the episode in view, the next episode joining, the release
  // of distant pages and the setting's messages. Raised by 0.25 kB with Prev and Next showing the episode they
  // open before the host's navigation (the episode opened ahead, the navigation after the next paint).
  budget('@comics/react: whole kit', 'packages/react/dist/index.js', '*', '74.75 kB', { ignore: reactKitPeers }),
  // The Reader carries the readers' messages (READER_MESSAGES); the account's and the admin's tables stay
  // with their components. Raised with its Download and 'Download the next 3' buttons.
  // Raised with the free unlock in the unlock choice and what follows the last page (comments' slot).
  // Raised by 1 kB with the end-of-episode card it ends on and the coin unlock's confirmation.
  // Raised by 2 kB with the zoom of its strip, its Transcript, tall pages in tiles and
  // auto-scroll together (issue 40).
  // Raised by 1 kB with continuous reading (the kit's budget above).
  budget('@comics/react: Reader alone', 'packages/react/dist/index.js', '{ Reader }', '20.5 kB', { ignore: reactKitPeers }),
  // @comics/embed: one module a partner's page loads by itself, so everything is in it: React and
  // ReactDOM, the kit's Reader with core (zod, axios) and TanStack Query, and the stylesheet
  // (docs/partners.md has the figures).
  // Raised by 1.5 kB with the same changes: one file, it carries the lazy parts'
  // loaders beside the parts.
  // Raised by 2 kB with the Reader's zoom of its strip (the kit's budget above).
  // Raised by 2 kB with accessible episodes (issue 40): the reader's Transcript (dialog, button, hook, messages)
  // and the contract's transcript calls and schemas, which the embed carries whole.
  // Raised by 0.75 kB with tall pages in tiles: the Reader's tiles, the contract's
  // tiles and the tile rules, which the embed carries whole.
  // Raised by 1.25 kB with the Reader's auto-scroll (the kit's and core's parts).
  // Raised by 1.25 kB with continuous reading (the kit's and core's parts).
  { name: '@comics/embed: <comics-reader>, self-contained (React included)', path: 'packages/embed/dist/comics-reader.js', limit: '169.75 kB', gzip: true },
]
