import type { AuthUser } from '../stores/session'

/** The fields of a provider's user object the session keeps; Firebase's `User` has this shape. */
export interface ProviderUser {
  uid: string
  email: string | null
  displayName: string | null
  photoURL: string | null
  emailVerified: boolean
  phoneNumber: string | null
  providerId: string
  metadata: { creationTime?: string | undefined; lastSignInTime?: string | undefined }
  providerData: readonly { providerId: string; uid: string; email: string | null; displayName: string | null }[]
}

/**
 * The Auth user of spec §3, as plain JSON for the session store and `authUser`.
 * @example session.set(toAuthUser(credential.user), token)
 */
export function toAuthUser(user: ProviderUser): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber,
    providerId: user.providerId,
    creationTime: user.metadata.creationTime ?? null,
    lastSignInTime: user.metadata.lastSignInTime ?? null,
    providerData: user.providerData.map(({ providerId, uid, email, displayName }) => ({ providerId, uid, email, displayName })),
  }
}
