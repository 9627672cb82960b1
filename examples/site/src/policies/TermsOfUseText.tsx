import { MATURE_AGE, MINIMUM_AGE, POLICY } from '@comics/core'

/** The terms of use (spec §1, §9: ages, Coins, liability cap). */
export function TermsOfUseText() {
  return (
    <>
      <p>By using this site you agree to these terms. Please read them with the Privacy Policy.</p>
      <h2>Who may use the site</h2>
      <p>
        You must be {MINIMUM_AGE} or older to use the site, and {MATURE_AGE} or older, with your age confirmed, to
        read mature content.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself. You are responsible for what happens under your account. We may suspend an
        account used to copy or redistribute comics.
      </p>
      <h2>Free episodes and membership</h2>
      <p>
        The first three episodes of every comic are free. A membership unlocks every episode; higher plans also
        unlock uncensored editions where a comic has one. Memberships renew automatically until cancelled.
      </p>
      <h2>Coins</h2>
      <p>
        Coins are a virtual currency for use on this site only. They have no real-world value, cannot be transferred
        and are not refundable.
      </p>
      <h2>Content</h2>
      <p>
        The comics belong to their creators. You may read them for your own enjoyment; you may not copy, share or
        sell them.
      </p>
      <h2>Liability</h2>
      <p>
        Our total liability to you is limited to {POLICY.liabilityCapUsd} US dollars or the amount you paid us in the
        last {POLICY.liabilityLookbackMonths} months, whichever is greater.
      </p>
    </>
  )
}
