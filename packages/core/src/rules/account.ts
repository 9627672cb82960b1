/** The provider id of an email-and-password account. */
export const PASSWORD_PROVIDER_ID = 'password'

/**
 * Whether the account page offers the masked password row and Change Password: only when the user's
 * first sign-in provider is password (spec §2 "INFO", §6). Social accounts have no password to change.
 * @example canChangePassword({ providerData: [{ providerId: 'password' }] }) // true
 */
export function canChangePassword(user: { providerData: readonly { providerId: string }[] } | null | undefined): boolean {
  return user?.providerData[0]?.providerId === PASSWORD_PROVIDER_ID
}
