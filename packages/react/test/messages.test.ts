import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, FORM_MESSAGES } from '@comics/core'
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, COMMENT_MESSAGES, DEFAULT_MESSAGES, EPISODE_MESSAGES, READER_MESSAGES, SIGN_IN_MESSAGES, formatMessage, formatMoney } from '../src/messages'

// Every quoted string of the spec the kit shows, exactly as the spec writes it (§2, §5).
const SPEC_COPY = [
  'Start Reading',
  '🔥Read Uncensored',
  'Upgrade your plan to continue reading and unlock the full story',
  'Upgrade your plan to view the uncensored version of this comic',
  'Get in now',
  'List Episodes',
  'PLEASE SELECT A PRODUCT',
  'I have read and agree to the Terms and Conditions and Privacy Policy',
  'Select and Pay',
  'Select another package',
  'Complete Your Purchase',
  'Select payment method',
  'Method',
  'Order currency',
  'Continue',
  'Your Order',
  'premium membership',
  'MY ACCOUNT',
  'Log Out',
  'Basic',
  'LAST READ',
  'INFO',
  'Email or Phone',
  'Change Password',
  'YOUR BENEFITS',
  'Upgrade Plan',
  'Become a Member',
  "YOU DON'T HAVE MEMBERSHIP",
  'Continue With Facebook',
  'Continue With Google',
  'Continue With Apple',
  'OR',
  'Your Email',
  'Your Password',
  'Sign In',
  'Sign Up',
  'Not a member?',
  'Already a member?',
  // The spec's 'favourites comics', corrected (docs/decisions.md).
  'SIGN UP AND DISCOVER NEW EPISODES from your favourite comics',
  'Are you over the age of 18?',
  'You need to confirm that you are over the age of 18 to read adult content.',
  'Yes',
  'No',
  'We use cookies',
  'Reject',
  'Accept',
  "Passwords doesn't match",
  'Comic of the day',
  "Reader's choice",
  'Back to main',
  'Read now',
  'Something New',
  'Read more',
  'Become a member',
  'Categories',
  'Account',
  'Premium',
  'All',
  'Prev',
  'Next',
  'Open',
  'Contact us',
  'For Creators',
  'Privacy Policy',
  'Terms of Use',
  'Payment and Refund Policy',
]

describe('messages', () => {
  const values = Object.values(DEFAULT_MESSAGES)

  it.each(SPEC_COPY)('has the spec copy %j', (copy) => {
    expect(values).toContain(copy)
  })

  it('has the templates of the spec', () => {
    expect(formatMessage(DEFAULT_MESSAGES['comic.continueReading'], { chapterTitle: 'Episode 2' })).toBe(
      "Continue reading 'Episode 2'",
    )
    expect(formatMessage(DEFAULT_MESSAGES['episodes.count'], { n: 12 })).toBe('12 Episodes')
    expect(formatMessage(DEFAULT_MESSAGES['episodes.count'], { n: 1 })).toBe('1 Episode')
    expect(formatMessage(DEFAULT_MESSAGES['episodes.count'], { n: 2 })).toBe('2 Episodes')
    expect(formatMessage(DEFAULT_MESSAGES['episodes.count'], { n: 0 })).toBe('0 Episodes')
    expect(formatMessage(DEFAULT_MESSAGES['reader.pageAlt'], { n: 3, total: 42 })).toBe('Page 3 of 42')
  })

  it('speaks English by default, the maximum-subscription text included (the spec\'s Russian, docs/decisions.md)', () => {
    expect(DEFAULT_MESSAGES['premium.maximum']).toBe('You already have the maximum subscription')
    const cyrillic = Object.entries(DEFAULT_MESSAGES).filter(([, value]) => /[А-Яа-яЁё]/.test(JSON.stringify(value)))
    expect(cyrillic).toEqual([])
  })

  it('corrects the spec\'s grammar where a reader would call it a mistake', () => {
    expect(DEFAULT_MESSAGES['authModal.banner']).toBe('SIGN UP AND DISCOVER NEW EPISODES from your favourite comics')
    expect(formatMessage(DEFAULT_MESSAGES['verifyEmail.notSent'], { email: 'a@b.c' })).toBe('Confirm a@b.c: we will send you a link to open.')
  })

  it('merges in every auth and form message of core', () => {
    expect(DEFAULT_MESSAGES).toMatchObject(AUTH_MESSAGES)
    expect(DEFAULT_MESSAGES).toMatchObject(FORM_MESSAGES)
  })

  it('formatMessage fills placeholders, repeats them, and leaves unknown ones as written', () => {
    expect(formatMessage('{a} and {a} but {b}', { a: 1 })).toBe('1 and 1 but {b}')
    expect(formatMessage('${price} per week', { price: 3.35 })).toBe('$3.35 per week')
  })

  it("picks a plural message's form by n in the locale, and writes its numbers the locale's way", () => {
    const polish = { one: '{n} odcinek', few: '{n} odcinki', many: '{n} odcinków', other: '{n} odcinka' }
    expect([1, 2, 5, 22, 1.5].map((n) => formatMessage(polish, { n }, 'pl-PL'))).toEqual([
      '1 odcinek',
      '2 odcinki',
      '5 odcinków',
      '22 odcinki',
      '1,5 odcinka',
    ])
    expect(formatMessage(DEFAULT_MESSAGES['episodes.count'], { n: 3200 })).toBe('3,200 Episodes')
    expect(formatMessage({ other: '{n} Folgen' }, { n: 3200 }, 'de-DE')).toBe('3.200 Folgen')
    // A form the message lacks falls back to `other`.
    expect(formatMessage({ other: '{n} items' }, { n: 1 })).toBe('1 items')
  })

  it('has the counts of hours as plural messages', () => {
    expect(formatMessage(DEFAULT_MESSAGES['premium.disclaimerCancel'], { n: 24, hours: 24 })).toBe(
      'Cancel at least 24 hours before the period ends; access stays until then.',
    )
    expect(formatMessage(DEFAULT_MESSAGES['account.renewsOnce'], { n: 24, hours: 24 })).toBe(
      'Cancelled less than 24 hours before the period end: it renews once more, then stops.',
    )
    // A partner's language adds its forms.
    const czech = { one: '{hours} hodina', few: '{hours} hodiny', other: '{hours} hodin' }
    expect([1, 3, 24].map((n) => formatMessage(czech, { n, hours: n }, 'cs-CZ'))).toEqual(['1 hodina', '3 hodiny', '24 hodin'])
  })

  it('formats money for a locale, en-US by default', () => {
    expect(formatMoney(7.99)).toBe('$7.99')
    expect(formatMoney(7.99, 'de-DE')).toBe('7,99\u00a0$')
  })
})

describe('the tables of messages', () => {
  // The account's pages sign in again (re-authentication): ACCOUNT_MESSAGES holds SIGN_IN_MESSAGES whole.
  const accountOwn = Object.fromEntries(Object.entries(ACCOUNT_MESSAGES).filter(([key]) => !(key in SIGN_IN_MESSAGES)))
  const tables = { READER_MESSAGES, EPISODE_MESSAGES, SIGN_IN_MESSAGES, accountOwn, ADMIN_MESSAGES, COMMENT_MESSAGES }

  it('hold every message once: DEFAULT_MESSAGES is the tables together, no key in two of them', () => {
    const keys = Object.values(tables).flatMap((table) => Object.keys(table))
    expect(new Set(keys).size).toBe(keys.length)
    expect({ ...READER_MESSAGES, ...EPISODE_MESSAGES, ...SIGN_IN_MESSAGES, ...ACCOUNT_MESSAGES, ...ADMIN_MESSAGES, ...COMMENT_MESSAGES }).toEqual(DEFAULT_MESSAGES)
    expect(ACCOUNT_MESSAGES).toMatchObject(SIGN_IN_MESSAGES)
  })

  it("carry no account or admin copy into the readers' table, which every page bundles", () => {
    const readerKeys = Object.keys(READER_MESSAGES)
    for (const prefix of ['premium.', 'payment.', 'account.info', 'deleteAccount.', 'changePassword.', 'changeEmail.', 'dataExport.', 'pageUpload.', 'audit.', 'coins.admin.', 'coins.history', 'follows.']) {
      expect(readerKeys.filter((key) => key.startsWith(prefix)), prefix).toEqual([])
    }
  })
})
