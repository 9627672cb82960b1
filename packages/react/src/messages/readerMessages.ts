import { AUTH_MESSAGES, FORM_MESSAGES } from '@comics/core'

/**
 * The messages of every screen a reader sees (top bar, footer, home, categories, comic page, reader,
 * the sign-in modal, the age gate and the cookie banner): what `ComicsProvider` carries into each page.
 * Core's auth and form messages are merged in under their own keys (`auth.network`,
 * `passwords-mismatch`). The account's and the admin's messages are in their own tables
 * (accountMessages.ts, adminMessages.ts), which only their components import, so a bundler leaves
 * them out of the pages that do not show them.
 */
export const READER_MESSAGES = /* @__PURE__ */ Object.freeze({
  ...AUTH_MESSAGES,
  ...FORM_MESSAGES,

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
  // spec §2 '{n} Episodes', in the singular for one.
  'episodes.count': { one: '{n} Episode', other: '{n} Episodes' },
  'episodes.open': 'Open',
  // A row of the comic page's list is one link (or, locked, one button) named by its episode.
  'episodes.openEpisode': 'Open {title}',
  'episodes.locked': 'Locked',
  'episodes.empty': 'No episodes yet',
  'upgrade.continue': 'Upgrade your plan to continue reading and unlock the full story',
  'upgrade.uncensored': 'Upgrade your plan to view the uncensored version of this comic',
  'upgrade.getInNow': 'Get in now',

  // Reader
  'reader.close': 'Close reader',
  'reader.prev': 'Prev',
  'reader.next': 'Next',
  'reader.listEpisodes': 'List Episodes',
  'reader.preview': 'Preview: this is the episode as readers will see it',
  'reader.pageAlt': 'Page {n} of {total}',
  'reader.pageFailed': 'This page could not load.',
  'reader.pageRetry': 'Retry',
  'reader.pageRetryLabel': 'Retry page {n}',

  // Auth modal
  'authModal.continueWithFacebook': 'Continue With Facebook',
  'authModal.continueWithGoogle': 'Continue With Google',
  'authModal.continueWithApple': 'Continue With Apple',
  'authModal.or': 'OR',
  'authModal.email': 'Your Email',
  'authModal.password': 'Your Password',
  'authModal.signIn': 'Sign In',
  'authModal.signUp': 'Sign Up',
  'authModal.notMember': 'Not a member?',
  'authModal.alreadyMember': 'Already a member?',
  'authModal.banner': 'SIGN UP AND DISCOVER NEW EPISODES from your favourite comics',
  // Email-link sign-in (spec §7): the modal sends the link, EmailLinkSignIn finishes it.
  'authModal.emailLink': 'Email me a sign-in link',
  'authModal.linkSentTitle': 'Check your email',
  'authModal.linkSent': 'We sent a sign-in link to {email}. Open it to sign in: in this browser it signs you in at once, in another one you will be asked for this address.',
  'authModal.backToSignIn': 'Back to sign in',
  'emailLink.title': 'Finish signing in',
  'emailLink.askEmail': 'Enter the email address the sign-in link was sent to.',
  'emailLink.signingIn': 'Signing you in…',
  'emailLink.submit': 'Sign In',
  'emailLink.newLink': 'Get a new link',
  // Forgot password: the sign-in modal's request, then the site's page for the mailed link
  'authModal.forgotPassword': 'Forgot password?',
  'authModal.resetSent': 'If an account exists for {email}, we sent it a link to choose a new password.',

  // Email confirmation: the prompt after sign-up, the site's page for the mailed link
  'verifyEmail.title': 'Confirm your email address',
  'verifyEmail.prompt': 'We sent a link to {email}. Open it to confirm your address: you need it to change your email later.',
  'verifyEmail.notSent': 'Confirm {email}: we will send you a link to open.',
  'verifyEmail.send': 'Send the link',
  'verifyEmail.resend': 'Send the link again',
  'verifyEmail.resendIn': { one: 'Send again in {n} second', other: 'Send again in {n} seconds' },
  'verifyEmail.sent': 'A new link is on its way to {email}.',

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
  // The card at the end of an episode: the next one and what opens it
  'endCard.next': 'Next episode',
  'endCard.read': 'Read the next episode',
  'endCard.locked': 'Locked',
  'endCard.free': 'Free',
  'endCard.signInText': 'Sign in to unlock it with coins or a subscription.',
  'endCard.caughtUp': "You're all caught up",
  'endCard.caughtUpText': 'There is no next episode yet. New episodes will show here.',

  // Free after a wait
  'waitForFree.freeNow': 'Free now',
  'waitForFree.freeIn': 'Free in {time}',
  'waitForFree.unlockFree': 'Unlock free now',
  'waitForFree.nextFree': 'Next free episode',
  'waitForFree.every': { one: 'One episode free every hour', other: 'One episode free every {n} hours' },
  'waitForFree.unlockFailed': 'The free episode could not be unlocked. Please try again.',

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
  // Following a series (the comic page's button, the account's list, NEW in the episode list)
  'follow.follow': 'Follow',
  'follow.following': 'Following',
  'follow.failed': 'That did not work. Please try again.',
  'episodes.new': 'NEW',
  // Reader settings and keyboard shortcuts
  'reader.settings': 'Reader settings',
  // The header's one button for the download actions on a phone.
  'reader.downloads': 'Downloads',
  'reader.settings.pageWidth': 'Page width',
  'reader.settings.pageWidth.column': 'Column',
  'reader.settings.pageWidth.fit': 'Fit the screen',
  'reader.settings.pageGap': 'Gap between pages',
  'reader.settings.pageGap.none': 'None',
  'reader.settings.pageGap.small': 'Small',
  'reader.settings.pageGap.medium': 'Medium',
  'reader.settings.pageGap.large': 'Large',
  'reader.settings.background': 'Background',
  'reader.settings.background.dark': 'Dark',
  'reader.settings.background.light': 'Light',
  'reader.shortcuts': 'Keyboard shortcuts',
  'reader.shortcuts.hint': 'Press ? for keyboard shortcuts',
  'reader.shortcuts.scrollDown': 'Scroll down',
  'reader.shortcuts.scrollUp': 'Scroll up',
  'reader.shortcuts.pageDown': 'Scroll down a screen',
  'reader.shortcuts.pageUp': 'Scroll up a screen',
  'reader.shortcuts.prevEpisode': 'Previous episode',
  'reader.shortcuts.nextEpisode': 'Next episode',
  'reader.shortcuts.help': 'Show this list',
  'reader.shortcuts.or': 'or',
  'reader.shortcuts.key.space': 'Space',
  'reader.shortcuts.key.shift': 'Shift',
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
  'download.download': 'Download',
  'download.downloadEpisode': 'Download {episode}',
  'download.saving': 'Saving {saved} of {total} pages',
  'download.downloaded': 'Downloaded',
  'download.remove': 'Remove download',
  'download.removeEpisode': 'Remove the download of {episode}',
  'download.next': 'Download the next {count}',
  'download.nextSaving': 'Saving episode {n} of {count}',
  'download.nextDone': 'The next episodes are downloaded',
  'download.failed.storage-full': 'Not enough space on this device. Remove some downloads, then try again.',
  'download.failed.network': 'The download stopped. Check your connection and try again.',
  'download.failed.other': 'The episode could not be downloaded. Please try again.',
})
