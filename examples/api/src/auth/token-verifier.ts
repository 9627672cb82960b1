/** Who a verified ID token belongs to. */
export interface VerifiedToken {
  uid: string
  email: string | undefined
  /** The custom claim `admin: true`. */
  admin: boolean
}

/** Verifies a Firebase ID token; rejects when the token is invalid or expired. */
export interface TokenVerifier {
  verify(idToken: string): Promise<VerifiedToken>
}
