import { FREE_EPISODES } from '@comics/core'
import { contact, count, currencyName, effective, levelRange, planLine, resolvePolicyContext } from './context'
import type { PolicyContextInput, PolicyDocument } from './types'

/**
 * The Terms of Use (spec §1, §9): ages, accounts, subscriptions and their prices, Coins, content,
 * liability cap. Every number comes from `@comics/core` unless the context overrides it.
 * @example <PolicyPage document={termsOfUse({ serviceName: 'Partner Comics' })} />
 */
export function termsOfUse(input?: PolicyContextInput): PolicyDocument {
  const context = resolvePolicyContext(input)
  const { serviceName: name, minimumAge, matureAge, policy, plans } = context
  const levels = levelRange(plans)
  const uncensored = plans.filter((plan) => plan.includesUncensored).map((plan) => plan.level)
  const uncensoredFrom = uncensored.length ? Math.min(...uncensored) : undefined
  const reach = contact(context)
  return {
    id: 'terms-of-use',
    title: 'Terms of Use',
    intro: [
      ...effective(context),
      `These Terms of Use ("Terms") are an agreement between you and ${name} ("we", "us") about your use of our comics reading service, on this website and its mirror sites.`,
      'By creating an account or using the service you accept these Terms, our Privacy Policy and our Payment and Refund Policy. If you do not agree, please do not use the service.',
    ],
    sections: [
      {
        id: 'service',
        heading: 'The service',
        paragraphs: [
          `${name} lets you read comics online, episode by episode. The first ${count(FREE_EPISODES, 'episode')} of every comic are free. A paid subscription unlocks every episode${uncensoredFrom !== undefined ? `, and subscriptions of level ${uncensoredFrom} or higher also unlock the uncensored edition of comics that have one` : ''}.`,
          'The catalogue changes over time: we add new comics and may remove comics or episodes, for example when a licence ends.',
        ],
      },
      {
        id: 'eligibility',
        heading: 'Who may use the service',
        paragraphs: [
          `You must be at least ${minimumAge} years old to use the service. If you are under the age of majority where you live, you may use it only with the permission of a parent or guardian, who accepts these Terms for you.`,
          `Mature content is only for users who are at least ${matureAge} years old and who confirm their age when asked. Do not confirm that you are ${matureAge} or older if you are not, and do not show mature content to anyone under ${matureAge}. We may restrict access to mature content or close an account when we have reason to believe these rules are not followed.`,
        ],
      },
      {
        id: 'accounts',
        heading: 'Your account',
        paragraphs: [
          'You can create an account with an email address and a password, or by continuing with a supported social provider. Give accurate information and keep it up to date.',
          'Keep your password confidential and do not share your account: it is for one person. You are responsible for what happens under your account. Tell us at once if you suspect someone else has used it.',
        ],
      },
      {
        id: 'subscriptions',
        heading: 'Subscriptions',
        paragraphs: [
          `Subscriptions have levels from ${levels.min} to ${levels.max}; a higher level unlocks more. All prices are in ${currencyName(policy.currency)} (${policy.currency}). The plans are:`,
        ],
        items: plans.map((plan) => planLine(plan, policy.currency)),
      },
      {
        id: 'renewal',
        heading: 'Renewal, discount and cancellation',
        paragraphs: [
          'Subscriptions renew automatically at the end of each period, at the renewal price, and you authorise us and our payment provider to charge your payment method for each renewal until you cancel.',
          'The first-purchase discount applies only once: to your first purchase. Every later purchase and every renewal is charged at the renewal price.',
          `You can cancel automatic renewal at any time from your account page or by contacting us. To stop the next renewal, cancel at least ${count(policy.cancellationNoticeHours, 'hour')} before the end of the current period. After cancelling you keep access until the end of the period you have paid for.`,
          'Refunds, withdrawal rights and the details of billing are set out in our Payment and Refund Policy.',
        ],
      },
      {
        id: 'coins',
        heading: 'Coins',
        paragraphs: [
          'You may buy Coins, a virtual currency for use within the service only. Coins are a limited licence, not property: they have no real-world value, cannot be exchanged for money, are non-transferable and cannot be sold, gifted or moved to another account, and are non-refundable, except where the law requires otherwise. Coins may be lost if your account is closed for breach of these Terms.',
        ],
      },
      {
        id: 'content',
        heading: 'Content and licence',
        paragraphs: [
          'The comics belong to their creators and licensors. We give you a personal, non-exclusive, non-transferable and revocable licence to read the content you have access to, on the service, for your own non-commercial enjoyment.',
          'You may not copy, download, record, redistribute, sell or publicly show the content, nor remove its notices. If you believe content on the service infringes your rights, contact us with the details and we will review it promptly.',
        ],
      },
      {
        id: 'conduct',
        heading: 'Acceptable use',
        paragraphs: ['When using the service you must not:'],
        items: [
          'break the law or the rights of others;',
          'get around episode locks, age checks, payment or other protections;',
          'use bots, scrapers or other automated means to access or copy the service;',
          'interfere with or disrupt the service, its servers or other users;',
          'resell or share access to your account.',
        ],
      },
      {
        id: 'termination',
        heading: 'Suspension and termination',
        paragraphs: [
          'You may stop using the service and ask us to delete your account at any time. We may suspend or close your account if you seriously or repeatedly breach these Terms, or where the law requires it. When an account is closed, its subscription stops renewing; refunds follow our Payment and Refund Policy and the law.',
        ],
      },
      {
        id: 'disclaimer',
        heading: 'Disclaimer',
        paragraphs: [
          'We work to keep the service available and free of errors, but it is provided "as is" and "as available": we do not promise that it will be uninterrupted or that a particular comic will stay available. Nothing in these Terms limits rights you have as a consumer that cannot be limited by contract.',
        ],
      },
      {
        id: 'liability',
        heading: 'Limitation of liability',
        paragraphs: [
          `To the extent the law allows, our total liability to you for all claims arising from the service is limited to the greater of ${policy.liabilityCapUsd} US dollars or the total amount you paid us in the ${count(policy.liabilityLookbackMonths, 'month')} before the event giving rise to the claim. We are not liable for indirect or consequential losses. These limits do not apply to liability that cannot be limited by law, such as for fraud or for death or personal injury caused by negligence.`,
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to these Terms',
        paragraphs: [
          'We may change these Terms, for example when we change the service or the law changes. We will post the new version on this page and tell you in advance of significant changes. If you keep using the service after a change takes effect, the new Terms apply; if you do not agree, you may cancel your subscription and stop using the service.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contact us',
        paragraphs: [`For any question about these Terms, contact ${name} ${reach}.`],
      },
    ],
  }
}
