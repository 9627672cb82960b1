import { LAST_READ_LIMIT, SOCIAL_PROVIDERS } from '@comics/core'
import { contact, effective, resolvePolicyContext } from './context'
import type { PolicyContextInput, PolicyDocument } from './types'

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook', twitter: 'Twitter' }

/** 'Google, Apple, Facebook or Twitter', from core's provider list. */
export const socialProviderNames = () => {
  const names = SOCIAL_PROVIDERS.map((id) => PROVIDER_NAMES[id] ?? id)
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names.join('')
}

/**
 * The Privacy Policy (spec §1, §2, §9): accounts, local storage, cookies and analytics only after
 * consent, ages, rights. Ages come from `@comics/core` unless the context overrides them.
 * @example <PolicyPage document={privacyPolicy({ supportEmail: 'privacy@comics.example' })} />
 */
export function privacyPolicy(input?: PolicyContextInput): PolicyDocument {
  const context = resolvePolicyContext(input)
  const { serviceName: name, minimumAge, matureAge } = context
  const reach = contact(context)
  return {
    id: 'privacy-policy',
    title: 'Privacy Policy',
    intro: [
      ...effective(context),
      `This Privacy Policy explains what personal information ${name} ("we", "us") collects when you use our comics reading service, on this website and its mirror sites, why we collect it, how we use and share it, and the choices and rights you have.`,
      'By using the service you acknowledge this policy. If you do not agree with it, please do not use the service.',
    ],
    sections: [
      {
        id: 'collected',
        heading: 'Information we collect',
        paragraphs: ['We collect only what we need to run the service:'],
        items: [
          `Account information: the email address and password you sign up with, or, if you continue with a social provider (${socialProviderNames()}), the identifier, email address and name that the provider shares with us. We never see your password for that provider.`,
          'Subscription and payment information: the plan you choose, its level and status, the dates of your billing periods, and a record of each payment (amount, currency and date). Card details are entered with our payment provider; we do not receive or store your full card number.',
          'Reading information: the comics and episodes you open and where you stopped reading, so that you can continue later.',
          `Age confirmation: whether you have confirmed that you are ${matureAge} or older, which is needed to see mature content.`,
          'Technical information: your IP address, browser and device type, and the pages requested, which our servers need to deliver the site securely and to prevent abuse.',
          'What you send us: the content of messages you send to our support team.',
        ],
      },
      {
        id: 'device-storage',
        heading: 'Information kept on your device',
        paragraphs: [
          `The site keeps some information in your browser's local storage so that it works without asking you again: your sign-in session, the last ${LAST_READ_LIMIT} comics you read, your reading history, your answer to the age question and your cookie choice. This storage is necessary for the site to work and is used whatever your cookie choice.`,
          "Logging out removes your sign-in session from the browser. You can remove everything by clearing this site's data in your browser settings.",
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies and analytics',
        paragraphs: [
          'On your first visit a banner asks whether you accept cookies. Analytics cookies are set, and usage statistics are sent to our analytics provider, only after you press Accept. If you press Reject, or make no choice, no analytics cookies are set and no usage statistics are sent.',
          'The statistics we collect with your consent describe how the service is used, for example which comic pages and episodes are opened, successful sign-ins, which plans are selected and whether a payment was started. We use them to understand what readers enjoy and to improve the service, not to build advertising profiles.',
          "You can change your choice at any time by clearing this site's data in your browser; the banner then appears again.",
        ],
      },
      {
        id: 'use',
        heading: 'How we use your information',
        paragraphs: ['We use your information to:'],
        items: [
          'create and secure your account and sign you in;',
          'give you access to the episodes that your subscription level unlocks;',
          'process payments, automatic renewals, cancellations and refunds;',
          'remember your reading progress;',
          `apply the age rules: the service is for people aged ${minimumAge} or over, and mature content for people aged ${matureAge} or over who have confirmed their age;`,
          'answer your requests and tell you about changes to your subscription or to our policies;',
          'with your consent, measure and improve the service;',
          'detect and prevent fraud and misuse, and comply with the law.',
        ],
      },
      {
        id: 'legal-bases',
        heading: 'Legal bases',
        paragraphs: [
          'Where the law requires a legal basis (for example in the European Economic Area and the United Kingdom), we rely on: the performance of our contract with you (account, access, payments); your consent (analytics cookies, which you may withdraw at any time); our legitimate interests in keeping the service secure and preventing fraud; and our legal obligations (for example tax and accounting records).',
        ],
      },
      {
        id: 'sharing',
        heading: 'Sharing your information',
        paragraphs: [
          'We do not sell your personal information, and we do not share it for cross-context behavioural advertising. We share it only with:',
        ],
        items: [
          'service providers who process it for us under contract: our sign-in and hosting providers, our payment provider, and, only if you accepted cookies, our analytics provider;',
          'the social provider you chose to sign in with, to the extent needed to sign you in;',
          'public authorities, when the law requires it, or to protect the rights and safety of our users and of the service;',
          'a successor, if the service is sold or merged, under the protections of this policy.',
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep it',
        paragraphs: [
          'We keep your account information for as long as your account is open. Payment records are kept for as long as tax and accounting law requires. When you ask us to delete your account, we delete or anonymise your personal information unless the law requires us to keep it. Information kept on your device stays there until you log out or clear it.',
        ],
      },
      {
        id: 'age',
        heading: 'Children and age limits',
        paragraphs: [
          `The service is not intended for children under ${minimumAge}. We do not knowingly collect personal information from children under ${minimumAge}; if we learn that we have, we delete it. If you believe a child under ${minimumAge} has given us personal information, please contact us.`,
          `Mature content is available only to users aged ${matureAge} or over who have confirmed their age. Users under ${matureAge} must not confirm that they are ${matureAge} or older.`,
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        paragraphs: [
          'Depending on where you live, you may have the right to access your personal information, to have it corrected or deleted, to receive a copy of it in a portable format, to object to or restrict its processing, and to withdraw your consent at any time without affecting processing done before.',
          'In the European Economic Area and the United Kingdom you may also complain to your data protection authority.',
          'If you are a California resident, you have the right to know what personal information we collect, use and disclose, to request its deletion or correction, and not to be discriminated against for exercising these rights. We do not sell or share personal information as those terms are defined by California law.',
          `To exercise your rights, contact us ${reach}. We may need to verify your identity before answering, and we answer within the time the applicable law allows.`,
        ],
      },
      {
        id: 'security',
        heading: 'Security and international transfers',
        paragraphs: [
          'We protect your information with technical and organisational measures, including encrypted connections and restricted access. No service is completely secure, so please use a strong password and keep it to yourself.',
          'Our providers may process your information outside your country. Where that happens, we rely on safeguards recognised by the applicable law, such as standard contractual clauses.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to this policy',
        paragraphs: [
          'We may update this policy. We will post the new version on this page and, for significant changes, tell you by email or on the site before they take effect.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contact us',
        paragraphs: [`For any question about this policy or your personal information, contact ${name} ${reach}.`],
      },
    ],
  }
}
