/** Who a verified ID token belongs to. */
export interface VerifiedToken {
  uid: string
  email: string | undefined
  /** The custom claim `admin: true`. */
  admin: boolean
  /** When the owner last signed in (or re-authenticated), in seconds since the epoch: the `auth_time` claim. */
  authTime: number
}

/** Verifies a Firebase ID token; rejects when the token is invalid or expired. */
export interface TokenVerifier {
  verify(idToken: string): Promise<VerifiedToken>
  /**
   * Ends an account at the identity provider: its sessions are revoked (no token of it is accepted again,
   * on any device) and the user is deleted, so the address can no longer sign in. Deleting an account that
   * is already gone resolves.
   */
  deleteAccount(uid: string): Promise<void>
  /** Drops the tokens it remembers of `uid` (of everyone without one): they are verified again on their next use. */
  forget?(uid?: string): void
}
