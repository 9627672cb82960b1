import { MATURE_AGE, MINIMUM_AGE } from '@comics/core'

/** The privacy policy's text (spec §1, §9: cookies, local storage, ages). */
export function PrivacyPolicyText() {
  return (
    <>
      <p>
        This policy explains what we keep about you when you read comics on this site, why, and the choices you
        have.
      </p>
      <h2>What we keep</h2>
      <ul>
        <li>Your account: the email address or phone number you sign in with, and the sign-in provider you chose.</li>
        <li>Your membership: the plan you bought, its level, its status and its renewal date.</li>
        <li>
          In this browser only: your reading progress, the last comics you read, your answer to the age question and
          your cookie choice. Logging out removes your account details from the browser.
        </li>
      </ul>
      <h2>Cookies and analytics</h2>
      <p>
        We send usage statistics (pages and episodes opened, plans selected) only after you press Accept on the
        cookie banner. If you press Reject, nothing is sent. You can change your mind by clearing this site's data in
        your browser.
      </p>
      <h2>Payments</h2>
      <p>
        Payments are processed by our payment provider. We never see or store your full card number; we keep the
        plan, the amount and the date of each payment.
      </p>
      <h2>Age</h2>
      <p>
        The site is for people aged {MINIMUM_AGE} or over. Mature content is for people aged {MATURE_AGE} or over who
        have confirmed their age.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, its correction or its deletion at any time through the Contact us link
        below. We answer within 30 days.
      </p>
    </>
  )
}
