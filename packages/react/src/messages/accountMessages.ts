import { SIGN_IN_MESSAGES } from './signInMessages'

/**
 * The messages of a signed-in reader's own pages: premium and payment, the account page and its modals,
 * the coin shop and history, the pages the mailed links open (password reset, email confirmation).
 * Their components take them with `useMessages(ACCOUNT_MESSAGES)`; a provider's overrides win. They hold
 * the sign-in messages too (the account's own modals re-authenticate and show the provider's errors).
 */
export const ACCOUNT_MESSAGES = /* @__PURE__ */ Object.freeze({
  ...SIGN_IN_MESSAGES,

  // Premium page
  'premium.heading': 'PLEASE SELECT A PRODUCT',
  'premium.terms': 'I have read and agree to the Terms and Conditions and Privacy Policy',
  'premium.selectAndPay': 'Select and Pay',
  // Not in the spec: the policy the terms boxes name, made a link to /terms-of-use; why a pay button is
  // disabled, read with it.
  'terms.termsAndConditions': 'Terms and Conditions',
  'terms.required': 'Accept the terms to continue',
  // spec §2 shows it in Russian ('У вас уже максимальная подписка') on an English site: the default is
  // now English; a Russian site sets it through the provider's messages (docs/decisions.md).
  'premium.maximum': 'You already have the maximum subscription',
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
  // Not in the spec: why Continue is disabled.
  'payment.methodRequired': 'Select a payment method to continue',
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
  // The badge of a reader without a subscription (spec §2); a subscriber's names their plan.
  'account.badge': 'Basic',
  'account.badgePlan': '{badge} · {duration}',
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
  // Not in the spec: when a renewing membership renews.
  'account.renewsOn': 'Renews on {date}',
  'account.membershipTitle': '{badge} · {duration}',
  'account.autoRenewOff': 'Auto-renewal is off: your membership will not renew.',
  'account.renewsOnce': { other: 'Cancelled less than {hours} hours before the period end: it renews once more, then stops.' },
  'account.renewalFailed': 'Your renewal payment failed: your membership stays until the end of this period, then ends.',

  'passwordReset.title': 'Choose a new password',
  'passwordReset.checking': 'Checking your link…',
  'passwordReset.forEmail': 'For {email}',
  'passwordReset.submit': 'Save and sign in',
  'passwordReset.noLink': 'Open this page from the link in your password-reset email.',
  'passwordReset.newLink': 'Get a new link',

  'dataExport.heading': 'YOUR DATA',
  'dataExport.description': 'A copy of what we hold about you: your profile, subscriptions and payments, as a JSON file.',
  'dataExport.download': 'Download my data',
  'dataExport.preparing': 'Preparing your data…',
  'dataExport.failed': 'Your data could not be prepared. Please try again.',
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
  'coins.historyHeading': 'Coin history',
  'coins.historyEmpty': 'No coin activity yet.',
  'coins.history.purchase': 'Coin pack',
  'coins.history.unlock': 'Episode unlocked',
  'coins.history.credit': 'Credit from support',
  'coins.history.reversal': 'Taken back: the pack was refunded',

  // Change password modal
  'changePassword.title': 'Change Password',
  'changePassword.oldPassword': 'Old password',
  'changePassword.newPassword': 'New password',
  'changePassword.confirmPassword': 'Confirm new password',
  'changePassword.submit': 'Change Password',
  'changePassword.success': 'Your password has been changed.',
  // The account's list of followed comics (FollowedComics)
  'follows.heading': 'FOLLOWING',
  'follows.empty': 'You do not follow any comic yet. Follow one from its page to see its new episodes here.',
  'follows.new': { one: '{n} new', other: '{n} new' },
  'follows.upToDate': 'Up to date',
  // The account's storage page: episodes downloaded on this device
  'storage.heading': 'DOWNLOADS',
  'storage.empty': 'No episode is downloaded on this device. Download one from its reader or the episode list to read it offline.',
  'storage.total': '{size} used on this device',
  'storage.episode': '{comic} — {episode}',
  'storage.delete': 'Delete',
  'storage.deleteEpisode': 'Delete {episode}',
  'storage.deleteAll': 'Delete all downloads',
})
