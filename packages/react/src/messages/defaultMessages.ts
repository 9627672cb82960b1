import { AUTH_MESSAGES, FORM_MESSAGES } from '@comics/core'
import type { Message, PluralMessage } from './formatMessage'

/**
 * Every visible string of the kit, keyed by where it shows. Quoted copy of the spec is exact (§2, §5);
 * `{name}` placeholders are filled by {@link formatMessage}, and a count picks the plural form of a
 * message that has them (`episodes.count`). Core's auth and form messages are merged in
 * under their own keys (`auth.network`, `passwords-mismatch`) so one object overrides them all.
 */
export const DEFAULT_MESSAGES = Object.freeze({
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
  // spec §2 '{n} Episodes', in the singular for one.
  'episodes.count': { one: '{n} Episode', other: '{n} Episodes' },
  'episodes.open': 'Open',
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

  // Premium page
  'premium.heading': 'PLEASE SELECT A PRODUCT',
  'premium.terms': 'I have read and agree to the Terms and Conditions and Privacy Policy',
  'premium.selectAndPay': 'Select and Pay',
  // spec §2: shown in Russian ("You already have the maximum subscription").
  'premium.maximum': 'У вас уже максимальная подписка',
  // Prices come formatted for the provider's locale ('$7.99' in en-US).
  'premium.price': '{price}',
  'premium.pricePerWeek': '{price} per week',
  'premium.period': 'per {period}',
  'premium.disclaimerFirstPurchase': '{price} for the first {period}, then {renewalPrice} every {period}.',
  'premium.disclaimerDiscount': 'The discount applies only to the first purchase.',
  'premium.disclaimerRenewal': 'Renews automatically at {price} every {period}.',
  // Plural by the notice's hours, always 24 (core CANCELLATION_NOTICE_HOURS, spec §9): English needs
  // only `other` here, another language adds its forms.
  'premium.disclaimerCancel': { other: 'Cancel at least {hours} hours before the period ends; access stays until then.' },

  // Payment page
  'payment.selectAnotherPackage': 'Select another package',
  'payment.completePurchase': 'Complete Your Purchase',
  'payment.selectMethod': 'Select payment method',
  'payment.method': 'Method',
  'payment.orderCurrency': 'Order currency',
  // The dropdown's two columns, as its group label and each option's text (a native select).
  'payment.methodColumns': '{method} — {orderCurrency}',
  'payment.methodOption': '{method} — {currencies}',
  'payment.continue': 'Continue',
  'payment.yourOrder': 'Your Order',
  'payment.premiumMembership': 'premium membership',
  // Not in the spec: back on the account page from the provider's checkout (urlSuccess).
  'payment.processing': 'Payment processing…',
  'payment.confirmed': 'Payment received: your membership is active.',
  'payment.declined': 'Your card was declined, so nothing was charged.',
  'payment.tryAgain': 'Choose a plan and try again',
  'payment.cancelled': 'This checkout was cancelled: nothing was charged.',

  // Account page
  'account.title': 'MY ACCOUNT',
  'account.logOut': 'Log Out',
  'account.badge': 'Basic',
  'account.lastRead': 'LAST READ',
  'account.info': 'INFO',
  'account.emailOrPhone': 'Email or Phone',
  'account.password': 'Password',
  'account.passwordHidden': 'hidden',
  'account.changePassword': 'Change Password',
  'account.benefits': 'YOUR BENEFITS',
  'account.upgradePlan': 'Upgrade Plan',
  'account.becomeMember': 'Become a Member',
  'account.noMembership': "YOU DON'T HAVE MEMBERSHIP",
  'account.cancelAutoRenew': 'Cancel auto-renewal',
  // Not in the spec: the confirmation before auto-renewal is turned off, which cannot be undone here.
  'account.cancelConfirm': 'Turn off auto-renewal? Your membership stays until {date}, then ends.',
  'account.cancelConfirmNoDate': 'Turn off auto-renewal? Your membership will not renew.',
  'account.cancelConfirmAction': 'Turn off auto-renewal',
  'account.cancelKeep': 'Keep auto-renewal',
  'account.accessUntil': 'Access until {date}',
  'account.membershipTitle': '{badge} · {duration}',
  'account.autoRenewOff': 'Auto-renewal is off: your membership will not renew.',
  'account.renewsOnce': { other: 'Cancelled less than {hours} hours before the period end: it renews once more, then stops.' },
  'account.renewalFailed': 'Your renewal payment failed: your membership stays until the end of this period, then ends.',
  'account.lastReadSlide': '{n} of {total}',

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
  'authModal.banner': 'SIGN UP AND DISCOVER NEW EPISODES from your favourites comics',
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
  'passwordReset.title': 'Choose a new password',
  'passwordReset.checking': 'Checking your link…',
  'passwordReset.forEmail': 'For {email}',
  'passwordReset.submit': 'Save and sign in',
  'passwordReset.noLink': 'Open this page from the link in your password-reset email.',
  'passwordReset.newLink': 'Get a new link',
  // Export of the reader's data (account page)
  // The studio's page uploader (admin)
  'pageUpload.title': 'Pages',
  'pageUpload.drop': 'Drop page images or a folder here',
  'pageUpload.pickFiles': 'Choose images',
  'pageUpload.pickFolder': 'Choose a folder',
  'pageUpload.empty': 'No pages yet. They are put in file-name order: page-2 before page-10.',
  'pageUpload.skipped': { one: '{n} file left out: not a page image (JPEG, PNG, WebP or AVIF).', other: '{n} files left out: not page images (JPEG, PNG, WebP or AVIF).' },
  'pageUpload.list': 'Pages in reading order',
  'pageUpload.page': 'Page {position} of {total}',
  'pageUpload.moveHandle': 'Move {name}',
  'pageUpload.moveHint': 'Drag, or use the arrow keys, to move a page.',
  'pageUpload.moved': '{name} moved to page {position} of {total}',
  'pageUpload.remove': 'Remove {name}',
  'pageUpload.replace': 'Replace {name}',
  'pageUpload.fileProgress': 'Upload of {name}',
  'pageUpload.queued': 'Waiting',
  'pageUpload.uploading': 'Uploading',
  'pageUpload.done': 'Sent',
  'pageUpload.failed': 'Not sent',
  'pageUpload.refused': 'Refused: not an image the service can read. Replace or remove it.',
  'pageUpload.episodeProgress': 'Episode upload',
  'pageUpload.sentCount': '{done} of {total} pages sent',
  'pageUpload.upload': 'Upload pages',
  'pageUpload.cancel': 'Cancel upload',
  'pageUpload.cancelled': 'Upload cancelled. Pages sent so far are kept; upload again to send the rest.',
  'pageUpload.retry': 'Retry failed pages',
  'pageUpload.failedCount': { one: '{n} page was not sent. Check the connection and retry: pages already sent are not sent again.', other: '{n} pages were not sent. Check the connection and retry: pages already sent are not sent again.' },
  'pageUpload.saveOrder': 'Save page order',
  'pageUpload.saving': 'Saving the page order…',
  'pageUpload.saved': 'Pages saved in this order.',
  'pageUpload.orderFailed': 'The page order could not be saved. Please try again.',
  'pageUpload.scheduled': 'Scheduled: readers see this episode from {date}.',
  'pageUpload.draft': 'Draft: readers do not see this episode until it has a publish time.',

  'dataExport.description': 'A copy of what we hold about you: your profile, subscriptions and payments, as a JSON file.',
  'dataExport.download': 'Download my data',
  'dataExport.preparing': 'Preparing your data…',
  'dataExport.failed': 'Your data could not be prepared. Please try again.',
  // Email confirmation: the prompt after sign-up, the site's page for the mailed link
  'verifyEmail.title': 'Confirm your email address',
  'verifyEmail.prompt': 'We sent a link to {email}. Open it to confirm your address: you need it to change your email later.',
  'verifyEmail.notSent': 'Confirm {email}: we send you a link to open.',
  'verifyEmail.send': 'Send the link',
  'verifyEmail.resend': 'Send the link again',
  'verifyEmail.resendIn': { one: 'Send again in {n} second', other: 'Send again in {n} seconds' },
  'verifyEmail.sent': 'A new link is on its way to {email}.',
  'verifyEmail.confirming': 'Confirming your email address…',
  'verifyEmail.confirmed': 'Your email address is confirmed.',
  'verifyEmail.changed': 'Your email address is changed. Sign in with the new address.',
  'verifyEmail.continue': 'Continue',
  'emailAction.unsupported': 'This link cannot be used here. Open the latest email we sent you.',
  // Change of email (account page)
  'account.changeEmail': 'Change email',
  'changeEmail.title': 'Change email',
  'changeEmail.newEmail': 'New email address',
  'changeEmail.password': 'Your password',
  'changeEmail.submit': 'Send the confirmation link',
  'changeEmail.sent': 'We sent a link to {email}. Your address changes once you open it; until then, sign in with the current one.',
  'changeEmail.sameAddress': 'This is already your email address.',
  // Deleting the account (account page)
  'deleteAccount.title': 'Delete my account',
  'deleteAccount.description': 'Delete your account and the data we hold about you. This cannot be undone.',
  'deleteAccount.open': 'Delete my account',
  'deleteAccount.goesHeading': 'What goes, for good',
  'deleteAccount.goesSignIn': 'Your sign-in: this address can no longer sign in, and you are signed out on every device.',
  'deleteAccount.goesSubscription': 'Your subscription: a running one is cancelled now, and its remaining time is lost.',
  'deleteAccount.goesHistory': 'Your orders and subscription history.',
  'deleteAccount.goesProgress': 'Your reading progress and settings saved in this browser.',
  'deleteAccount.staysHeading': 'What stays, and why',
  'deleteAccount.staysPayments': 'The records of your payments (date, plan, amount), which the law requires us to keep for accounting. They are detached from you: no email or account is linked to them anymore.',
  'deleteAccount.password': 'Your password',
  'deleteAccount.socialSignIn': 'To confirm it is you, you sign in again with the service you use to sign in.',
  'deleteAccount.confirm': 'Delete my account for good',
  'deleteAccount.deleting': 'Deleting your account…',
  'deleteAccount.keep': 'Keep my account',
  'deleteAccount.failed': 'Your account could not be deleted; nothing was lost. Please try again.',

  // Age verification
  'age.title': 'Are you over the age of 18?',
  'age.text': 'You need to confirm that you are over the age of 18 to read adult content.',
  'age.yes': 'Yes',
  'age.no': 'No',

  // Cookie consent
  'cookies.title': 'We use cookies',
  'cookies.reject': 'Reject',
  'cookies.accept': 'Accept',

  // Coins (spec §1, rules of §9)
  'coins.balance': { one: '{n} coin', other: '{n} coins' },
  'coins.balanceLabel': 'Your coins',
  'coins.shopHeading': 'Get Coins',
  'coins.pack': { one: '{n} coin', other: '{n} coins' },
  'coins.bonus': '+{n} bonus',
  'coins.rules': 'Coins have no real-world value, are non-transferable and non-refundable.',
  'coins.terms': 'I have read and agree to the Terms and Conditions and understand the Coin rules',
  'coins.pay': 'Buy for {price}',
  'coins.paying': 'Opening the payment page…',
  'coins.purchasePending': 'Payment processing…',
  'coins.purchaseCredited': '{n} coins were added to your balance.',
  'coins.purchaseFailed': 'The payment was not completed. Your balance is unchanged.',
  'coins.backToEpisode': 'Back to the episode',
  'coins.unlock': 'Unlock for {price} coins',
  'coins.unlocking': 'Unlocking…',
  'coins.orSubscribe': 'Subscribe to read every episode',
  'coins.signInToUnlock': 'Sign in to unlock this episode',
  'coins.short': 'You need {n} more coins to unlock this episode.',
  'coins.getCoins': 'Get coins',
  'coins.unlockFailed': 'The episode could not be unlocked. Please try again.',
  'coins.historyHeading': 'Coin history',
  'coins.historyEmpty': 'No coin activity yet.',
  'coins.history.purchase': 'Coin pack',
  'coins.history.unlock': 'Episode unlocked',
  'coins.history.credit': 'Credit from support',
  'coins.unlocked': 'Unlocked',
  'audit.heading': 'Audit log',
  'audit.empty': 'No changes recorded yet.',
  'audit.when': 'When',
  'audit.who': 'Who',
  'audit.what': 'What',
  'audit.target': 'Changed',
  'audit.more': 'Show older changes',
  'audit.action.create': 'Created',
  'audit.action.edit': 'Edited',
  'audit.action.delete': 'Deleted',
  'audit.action.upload': 'Uploaded pages',
  'audit.action.reorder': 'Reordered pages',
  'audit.action.publish': 'Published',
  'audit.action.schedule': 'Scheduled',
  'audit.action.unpublish': 'Made a draft',
  'audit.action.credit': 'Credited coins',
  'audit.target.comic': 'Comic {id}',
  'audit.target.chapter': 'Episode {id}',
  'audit.target.pages': 'Pages of episode {id}',
  'audit.target.genre': 'Genre {id}',
  'audit.target.coins': 'Coins of {id}',
  'coins.admin.heading': 'Coins of {user}',
  'coins.admin.credit': 'Credit coins',
  'coins.admin.crediting': 'Crediting…',
  'coins.admin.coinsLabel': 'Coins to credit',
  'coins.admin.reasonLabel': 'Reason (kept in the ledger)',
  'coins.admin.invalidCoins': 'Enter a whole number of coins from 1 to 100000.',
  'coins.admin.invalidReason': 'Give a reason of 3 to 500 characters.',
  'coins.admin.credited': '{n} coins were credited.',
  'coins.admin.creditFailed': 'The coins could not be credited. Please try again.',

  // Change password modal
  'changePassword.title': 'Change Password',
  'changePassword.oldPassword': 'Old password',
  'changePassword.newPassword': 'New password',
  'changePassword.confirmPassword': 'Confirm new password',
  'changePassword.submit': 'Change Password',
  'changePassword.success': 'Your password has been changed.',
})

/** A key of {@link DEFAULT_MESSAGES}. */
export type MessageKey = keyof typeof DEFAULT_MESSAGES

/** The keys whose message has plural forms (`{ one, other }`): a count picks the form. */
export type PluralMessageKey = {
  [K in MessageKey]: (typeof DEFAULT_MESSAGES)[K] extends string ? never : K
}[MessageKey]

/** The keys whose message is one plain string, shown as it is. */
export type TextMessageKey = Exclude<MessageKey, PluralMessageKey>

/**
 * Every visible string of the kit. Pass a `Partial<Messages>` to `ComicsProvider` to override some;
 * a message with plural forms takes a {@link PluralMessage} (or one string for every count).
 */
export type Messages = { readonly [K in MessageKey]: K extends PluralMessageKey ? Message : string }
