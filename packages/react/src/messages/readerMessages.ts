/**
 * The messages of every page (top bar, footer, home, categories, the comic page's head, search, the age
 * gate, the cookie banner, page titles): what `ComicsProvider` carries into each page. A comic's episodes
 * (their list, the reader, downloads, free after a wait) and signing in have their own tables
 * (episodeMessages.ts, signInMessages.ts), as the account's and the admin's have (accountMessages.ts,
 * adminMessages.ts): only their components import them, so a bundler leaves them out of the pages that
 * do not show them.
 */
export const READER_MESSAGES = /* @__PURE__ */ Object.freeze({
  'common.close': 'Close',
  'common.back': 'Back',
  'common.backToMain': 'Back to main',
  'common.loading': 'Loading…',
  'common.error': 'Something went wrong. Please try again.',
  'common.retry': 'Try again',

  // Top bar (spec §2 "Layout")
  'nav.home': 'Home',
  'nav.logo': 'Comics',
  'nav.label': 'Main',
  'nav.categories': 'Categories',
  'nav.account': 'Account',
  'nav.signIn': 'Sign In',
  'nav.premium': 'Premium',
  // Not in the spec: the top bar's offer to a subscriber below the top plan (core membershipOffer).
  'nav.upgrade': 'Upgrade',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',

  // Footer and policy pages
  'footer.label': 'Footer',
  'footer.contactUs': 'Contact us',
  'footer.forCreators': 'For Creators',
  'footer.copyright': '© {year} Comics. All rights reserved.',
  'policy.privacyPolicy': 'Privacy Policy',
  'policy.termsOfUse': 'Terms of Use',
  'policy.paymentAndRefund': 'Payment and Refund Policy',

  // Home
  'home.readNow': 'Read now',
  'home.somethingNew': 'Something New',
  'home.readMore': 'Read more',
  'home.rating': '{rating}',
  'home.featuredLabel': 'Featured comics',
  'home.ratingLabel': 'Rating {rating}',
  'home.somethingNewEmpty': 'No new comics yet',
  'carousel.previous': 'Previous slide',
  'carousel.next': 'Next slide',
  'carousel.slide': '{n} of {total}',
  'carousel.goToSlide': 'Go to slide {n}',

  // Sale banner (spec §1: unlimited access to more than 3000 episodes, new comics every week)
  'sale.title': 'Unlimited access to more than 3000 episodes',
  'sale.text': 'New comics every week',
  'sale.becomeMember': 'Become a member',

  // Categories
  'categories.genres': 'Genres',
  'card.open': 'Open {title}',
  'categories.all': 'All',

  // Comic page
  'comic.comicOfTheDay': 'Comic of the day',
  'comic.readersChoice': "Reader's choice",
  'comic.startReading': 'Start Reading',
  'comic.continueReading': "Continue reading '{chapterTitle}'",
  'comic.readUncensored': '🔥Read Uncensored',
  'comic.coverAlt': '{title} cover',
  'comic.genres': 'Genres',
  'comic.about': 'About this comic',
  'comic.updated': 'Updated {date}',

  // Age verification
  'age.title': 'Are you over the age of 18?',
  'age.text': 'You need to confirm that you are over the age of 18 to read adult content.',
  'age.yes': 'Yes',
  'age.no': 'No',

  // Cookie consent
  'cookies.title': 'We use cookies',
  // Not in the spec: what the cookies are for; 'policy.privacyPolicy' follows as a link.
  'cookies.purpose': 'Analytics cookies tell us which comics and pages are read, so we can improve them. Nothing is measured unless you accept.',
  'cookies.reject': 'Reject',
  'cookies.accept': 'Accept',

  // Coins (spec §1, rules of §9)
  'coins.balance': { one: '{n} coin', other: '{n} coins' },
  'coins.balanceLabel': 'Your coins',
  'coins.unlock': 'Unlock for {price} coins',
  'coins.unlocking': 'Unlocking…',
  'coins.orSubscribe': 'Subscribe to read every episode',
  'coins.signInToUnlock': 'Sign in to unlock this episode',
  'coins.short': 'You need {n} more coins to unlock this episode.',
  'coins.getCoins': 'Get coins',
  'coins.unlockFailed': 'The episode could not be unlocked. Please try again.',
  'coins.unlocked': 'Unlocked',
  'coins.have': { one: 'You have {n} coin', other: 'You have {n} coins' },
  'coins.confirmTitle': 'Unlock this episode for {price} coins?',
  'coins.confirmText': { one: 'You have {n} coin. The episode stays open to you for good.', other: 'You have {n} coins. The episode stays open to you for good.' },
  'coins.confirm': 'Spend {price} coins',
  'coins.cancel': 'Not now',

  // LAST READ on home (spec §2), shown on the account page too
  'account.lastRead': 'LAST READ',
  'account.lastReadSlide': '{n} of {total}',
  // Not in the spec: where the reader stopped, under each LAST READ card.
  'account.lastReadPageOf': '{episode} · page {page} of {total}',
  'account.lastReadPage': '{episode} · page {page}',

  // Search: the top bar's field and the /search page
  'search.label': 'Search comics',
  'search.placeholder': 'Search comics',
  'search.submit': 'Search',
  'search.results': 'Comics found',
  'search.searching': 'Searching…',
  'search.found': { one: '{n} comic found', other: '{n} comics found' },
  'search.noResults': "No comics match '{query}'",
  'search.failed': 'Search failed.',
  'search.seeAll': "See all results for '{query}'",
  'search.pageTitle': "Results for '{query}'",
  'search.pageHint': 'Type at least 2 letters of a title or a description.',
  'search.more': 'Show more results',
  // Page titles and descriptions (the document's title, the head the site's server writes, link previews)
  'page.service': 'Comics',
  'page.description': 'Read webtoon-style comics online: free episodes, premium stories, new comics every week.',
  'page.title.home': '{service} — Read webtoon-style comics online',
  'page.title.categories': 'Categories — {service}',
  'page.title.comic': '{comic} — {service}',
  'page.title.comicUncensored': '{comic} (Uncensored) — {service}',
  'page.title.reader': '{comic} — Episode {n} — {service}',
  'page.title.readerUncensored': '{comic} — Episode {n} (Uncensored) — {service}',
  'page.title.policy': '{policy} — {service}',
  'page.title.premium': 'Premium — {service}',
  'page.title.account': 'My Account — {service}',
  'page.title.payment': 'Payment — {service}',
  'page.title.coins': 'Coins — {service}',
  'page.title.emailAction': 'Your Account — {service}',
  'page.title.admin': 'Admin — {service}',
  'page.title.notFound': 'Page not found — {service}',
  'page.homeHeading': 'Comics: read webtoon-style comics online',
  'home.readMoreWhere': 'new comics in Categories',
  // Installed app and offline reading (the web app manifest, the service worker's update, downloads)
  'app.name.adult': 'Comics 18+',
  'app.shortName.adult': 'Comics 18+',
  'app.name.normal': 'Comics',
  'app.shortName.normal': 'Comics',
  'app.newVersion': 'New version available',
  'app.newVersion.reload': 'Reload',
  'app.newVersion.later': 'Later',
  'offline.needsConnection': "You're offline. This page needs a connection.",
  'offline.episodeNeedsConnection': "You're offline. This episode is not downloaded, so it needs a connection.",
})
