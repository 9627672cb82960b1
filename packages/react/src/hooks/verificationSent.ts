/**
 * When this page last mailed each account a confirmation link (by uid, milliseconds since the epoch):
 * the resend button's cooldown (core `verificationResendWait`) reads it. It lives as long as the page;
 * after a reload the provider's own limits still apply.
 */
const sentAt = new Map<string, number>()
const listeners = new Set<() => void>()

export const verificationSent = {
  at: (uid: string): number | null => sentAt.get(uid) ?? null,
  note(uid: string, at: number): void {
    sentAt.set(uid, at)
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** For tests and stories: forget every send. */
  reset(): void {
    sentAt.clear()
    for (const listener of listeners) listener()
  },
}
