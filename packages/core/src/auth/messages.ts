/**
 * Default user-facing text of every auth message key. A UI shows `AUTH_MESSAGES[error.messageKey]` (or its
 * own translation of the key), never an exception's message.
 * @example
 * catch (error) { setText(AUTH_MESSAGES[toAuthError(error).messageKey]) }
 */
export const AUTH_MESSAGES = Object.freeze({
  'auth.multiFactorRequired': 'This account uses two-step verification. Complete the second step to sign in.',
  'auth.passwordRequirements': 'The password does not meet the requirements.',
  'auth.userMismatch': 'These credentials belong to a different account.',
  'auth.unauthorizedDomain': 'Sign-in is not enabled for this site.',
  'auth.popupBlocked': 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
  'auth.popupClosed': 'The sign-in window was closed before sign-in finished.',
  'auth.popupCancelled': 'Another sign-in window was opened. Finish signing in there.',
  'auth.storageUnsupported': 'Your browser blocks the storage sign-in needs. Allow cookies and site data, then try again.',
  'auth.network': 'Network error. Check your connection and try again.',
  'auth.configuration': 'Sign-in is not set up correctly on this site. Please try again later.',
  'auth.internal': 'Something went wrong on our side. Please try again.',
  'auth.invalidRequest': 'The sign-in request or link is not valid.',
  'auth.environmentUnsupported': 'This sign-in method is not supported in this browser.',
  'auth.noAuthEvent': 'Sign-in did not complete. Please try again.',
  'auth.wrongPassword': 'Incorrect password.',
  'auth.userNotFound': 'No account exists with this email.',
  'auth.emailInUse': 'An account with this email already exists.',
  'auth.weakPassword': 'The password is too weak. Use at least 6 characters.',
  'auth.invalidEmail': 'The email address is not valid.',
  'auth.invalidCredential': 'The email or password is incorrect.',
  'auth.tooManyRequests': 'Too many attempts. Please wait a moment and try again.',
  'auth.missingPassword': 'Enter your password.',
  'auth.userDisabled': 'This account has been disabled.',
  'auth.recentLoginRequired': 'Please sign in again to continue.',
  'auth.sessionEnded': 'Your session has ended. Please sign in again.',
  'auth.linkExpired': 'This link has expired or has already been used.',
  'auth.emailLinkMismatch': 'This sign-in link was sent to a different email address. Enter the address you asked for the link with.',
  'auth.missingEmail': 'Enter your email address.',
  'auth.emailNotVerified': 'Confirm your current email address first: open the link we sent you.',
  'auth.accountExistsWithDifferentCredential':
    'An account with this email already exists. Sign in the way you did before.',
  'auth.unsupportedProvider': 'This sign-in method is not available.',
  'auth.notSignedIn': 'Please sign in first.',
  'auth.unknown': 'Something went wrong. Please try again.',
})

export type AuthMessageKey = keyof typeof AUTH_MESSAGES
