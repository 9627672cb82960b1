import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { needsEmailVerification, verificationResendWait } from '@comics/core'
import { useAuth } from './useAuth'
import { useSession } from './useSession'
import { verificationSent } from './verificationSent'

export interface EmailVerificationState {
  /** A password account whose address is not confirmed yet (core `needsEmailVerification`). */
  needed: boolean
  /** The address to confirm. */
  email: string | null
  /** True once a link was sent to it from this page (at sign-up or by `send`). */
  sent: boolean
  /** Seconds before another link may be asked for; 0 when it may now. */
  waitSeconds: number
  /** Mails a new link (returning to the current page); resolves to whether it was sent. */
  send(): Promise<boolean>
  pending: boolean
  /** Why the last send failed (the provider's own limit says 'Too many attempts'). */
  errorMessage: string | null
}

/**
 * The signed-in reader's email confirmation: whether it is needed, and a rate-limited resend (one link a
 * minute from the page, core `VERIFICATION_RESEND_COOLDOWN_MS`; the provider limits sends too).
 * @example
 * const { needed, email, send, waitSeconds } = useEmailVerification()
 */
export function useEmailVerification(): EmailVerificationState {
  const { user } = useSession()
  const { sendEmailVerification, pending, errorMessage } = useAuth()
  const uid = user?.uid ?? null
  const lastSent = useSyncExternalStore(
    verificationSent.subscribe,
    () => (uid ? verificationSent.at(uid) : null),
    () => null,
  )
  const [now, setNow] = useState(() => Date.now())
  const wait = verificationResendWait(lastSent, new Date(now))
  useEffect(() => {
    setNow(Date.now())
    if (lastSent === null) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [lastSent])

  const send = useCallback(async () => {
    if (!uid || verificationResendWait(verificationSent.at(uid), new Date()) > 0) return false
    const ok = await sendEmailVerification()
    if (ok) verificationSent.note(uid, Date.now())
    return ok
  }, [uid, sendEmailVerification])

  return {
    needed: needsEmailVerification(user),
    email: user?.email ?? null,
    sent: lastSent !== null,
    waitSeconds: Math.ceil(wait / 1000),
    send,
    pending,
    errorMessage,
  }
}
