import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

/**
 * The routes of spec §2, one module each (src/routes/*.tsx): a screen is a route module and a line
 * here (the paths are core's `routes`; a unit test holds them to it). The reader is full screen: it sits outside the layout with the top bar.
 */
export default [
  layout('layout/SiteLayout.tsx', [
    index('routes/home.tsx'),
    route('/categories', 'routes/categories.tsx'),
    route('/search', 'routes/search.tsx'),
    route('comic/:comicId', 'routes/comic.tsx'),
    // A chapter id is never 'uncensored': this is the comic page, not a reader.
    route('comic/:comicId/uncensored', 'routes/comic-uncensored.tsx'),
    route('/premium', 'routes/premium.tsx'),
    route('/account', 'routes/account.tsx'),
    route('/coins', 'routes/coins.tsx'),
    route('payment', 'routes/payment-default.tsx'),
    route('payment/:planId', 'routes/payment.tsx'),
    route('/privacy-policy', 'routes/privacy-policy.tsx'),
    route('/terms-of-use', 'routes/terms-of-use.tsx'),
    route('/payment-and-refund', 'routes/payment-and-refund.tsx'),
    route('/admin', 'routes/admin.tsx'),
    route('/auth/action', 'routes/email-action.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('comic/:comicId/:chapterId', 'routes/reader.tsx'),
  route('comic/:comicId/:chapterId/uncensored', 'routes/reader-uncensored.tsx'),
  // The document the service worker keeps for reading offline: the app renders any address in it.
  route('/app-shell.html', 'routes/app-shell.tsx'),
  // Each host's answers to crawlers.
  route('/robots.txt', 'routes/robots.ts'),
  route('/sitemap.xml', 'routes/sitemap.ts'),
  // An admin's preview of any episode in the reader, full screen as the reader is.
  route('admin/preview/:comicId/:chapterId', 'routes/admin-preview.tsx'),
] satisfies RouteConfig
