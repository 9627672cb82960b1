import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { MATURE_AGE, MINIMUM_AGE, PLANS, POLICY, routes, type Plan } from '@comics/core'
import { PolicyPage } from '../src/components/PolicyPage'
import {
  paymentAndRefundPolicy,
  POLICY_DOCUMENTS,
  privacyPolicy,
  termsOfUse,
  type PolicyContextInput,
  type PolicyDocument,
  type PolicyDocumentFactory,
} from '../src/policies'
import * as kit from '../src'
import { renderWithKit } from './render'

/** Everything a reader sees of a document, one block a line. */
const textOf = (doc: PolicyDocument) =>
  [doc.title, ...doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? [])])].join('\n')

const DOCS = { privacy: privacyPolicy, terms: termsOfUse, payment: paymentAndRefundPolicy } as const
type DocName = keyof typeof DOCS

const ORDINAL: Record<number, string> = { 3: 'third', 5: 'fifth' }

/**
 * Each constant of spec §9 with the documents that state it and the phrase that states it. `other` is a
 * value differing from core's, to show the text follows the context rather than a typed number.
 */
const CONSTANTS: {
  name: string
  value: number | string
  other: number | string
  context: (v: never) => PolicyContextInput
  docs: DocName[]
  phrase: (v: never) => string
}[] = [
  { name: 'currency', value: POLICY.currency, other: 'EUR', context: (v: string) => ({ policy: { currency: v } }), docs: ['payment', 'terms'], phrase: (v: string) => `(${v})` },
  { name: 'refundWindowDays', value: POLICY.refundWindowDays, other: 90, context: (v: number) => ({ policy: { refundWindowDays: v } }), docs: ['payment'], phrase: (v: number) => `Refund requests must be made within ${v} calendar days of the card payment.` },
  { name: 'refundReviewHours', value: POLICY.refundReviewHours, other: 72, context: (v: number) => ({ policy: { refundReviewHours: v } }), docs: ['payment'], phrase: (v: number) => `the review takes at least ${v} hours.` },
  { name: 'infoRequestReplyDays', value: POLICY.infoRequestReplyDays, other: 9, context: (v: number) => ({ policy: { infoRequestReplyDays: v } }), docs: ['payment'], phrase: (v: number) => `If you do not reply to an information request within ${v} days, the request is rejected.` },
  { name: 'euWithdrawalDays', value: POLICY.euWithdrawalDays, other: 30, context: (v: number) => ({ policy: { euWithdrawalDays: v } }), docs: ['payment'], phrase: (v: number) => `you may withdraw from a purchase within ${v} days of it` },
  { name: 'californiaCancelBusinessDays', value: POLICY.californiaCancelBusinessDays, other: 5, context: (v: number) => ({ policy: { californiaCancelBusinessDays: v } }), docs: ['payment'], phrase: (v: number) => `before midnight of the ${ORDINAL[v]} business day after the day of the purchase` },
  { name: 'californiaRefundDays', value: POLICY.californiaRefundDays, other: 15, context: (v: number) => ({ policy: { californiaRefundDays: v } }), docs: ['payment'], phrase: (v: number) => `We return your payment within ${v} days of receiving your notice of cancellation.` },
  { name: 'liabilityCapUsd', value: POLICY.liabilityCapUsd, other: 500, context: (v: number) => ({ policy: { liabilityCapUsd: v } }), docs: ['terms'], phrase: (v: number) => `limited to the greater of ${v} US dollars or the total amount you paid us` },
  { name: 'liabilityLookbackMonths', value: POLICY.liabilityLookbackMonths, other: 12, context: (v: number) => ({ policy: { liabilityLookbackMonths: v } }), docs: ['terms'], phrase: (v: number) => `the total amount you paid us in the ${v} months before the event` },
  { name: 'cancellationNoticeHours', value: POLICY.cancellationNoticeHours, other: 48, context: (v: number) => ({ policy: { cancellationNoticeHours: v } }), docs: ['payment', 'terms'], phrase: (v: number) => `cancel at least ${v} hours before the end of the current period` },
  { name: 'MINIMUM_AGE', value: MINIMUM_AGE, other: 16, context: (v: number) => ({ minimumAge: v }), docs: ['privacy'], phrase: (v: number) => `The service is not intended for children under ${v}.` },
  { name: 'MINIMUM_AGE', value: MINIMUM_AGE, other: 16, context: (v: number) => ({ minimumAge: v }), docs: ['terms'], phrase: (v: number) => `You must be at least ${v} years old to use the service.` },
  { name: 'MATURE_AGE', value: MATURE_AGE, other: 21, context: (v: number) => ({ matureAge: v }), docs: ['privacy'], phrase: (v: number) => `Mature content is available only to users aged ${v} or over who have confirmed their age.` },
  { name: 'MATURE_AGE', value: MATURE_AGE, other: 21, context: (v: number) => ({ matureAge: v }), docs: ['terms'], phrase: (v: number) => `Mature content is only for users who are at least ${v} years old and who confirm their age` },
]

describe('policy documents: the constants of spec §9 come from core', () => {
  it('core holds the values the spec states', () => {
    expect(POLICY).toMatchObject({
      currency: 'USD',
      refundWindowDays: 120,
      refundReviewHours: 48,
      infoRequestReplyDays: 7,
      euWithdrawalDays: 14,
      californiaCancelBusinessDays: 3,
      californiaRefundDays: 10,
      liabilityCapUsd: 200,
      liabilityLookbackMonths: 6,
      cancellationNoticeHours: 24,
    })
    expect([MINIMUM_AGE, MATURE_AGE]).toEqual([13, 18])
  })

  it('covers every policy constant of core', () => {
    const covered = CONSTANTS.map((c) => c.name)
    for (const key of Object.keys(POLICY)) expect(covered).toContain(key)
  })

  for (const c of CONSTANTS) {
    for (const doc of c.docs) {
      it(`${c.name} is stated in the ${doc} document with core's value, and follows the context`, () => {
        const phrase = c.phrase as (v: unknown) => string
        const context = c.context as (v: unknown) => PolicyContextInput
        expect(textOf(DOCS[doc]())).toContain(phrase(c.value))
        const changed = textOf(DOCS[doc](context(c.other)))
        expect(changed).toContain(phrase(c.other))
        expect(changed).not.toContain(phrase(c.value))
      })
    }
  }

  it('states the spec sentences in words with core values', () => {
    const payment = textOf(paymentAndRefundPolicy())
    expect(payment).toContain('All prices are shown and all payments are charged in US dollars (USD).')
    expect(payment).toContain('before midnight of the third business day')
    expect(payment).toContain(`takes effect after the next renewal`)
    expect(payment).toContain('You keep access until the end of the period you have paid for')
    expect(textOf(termsOfUse())).toContain('at least 13 years old to use the service')
    expect(textOf(privacyPolicy())).toContain('only to users aged 18 or over who have confirmed their age')
  })

  it('a changed currency changes the prices and its name', () => {
    const text = textOf(paymentAndRefundPolicy({ policy: { currency: 'EUR' } }))
    expect(text).toContain('euros (EUR)')
    expect(text).toContain(`€${PLANS[0]!.price}`)
    expect(text).not.toContain('US dollars')
  })
})

describe('policy documents: plans and prices come from PLANS', () => {
  const money = (n: number) => `$${n.toFixed(2)}`

  for (const doc of ['payment', 'terms'] as const) {
    it(`the ${doc} document lists the four plans with their prices`, () => {
      const section = DOCS[doc]().sections.find((s) => s.items?.some((item) => item.includes('(level 1)')))
      expect(section?.items).toHaveLength(PLANS.length)
      PLANS.forEach((plan, i) => {
        const line = section!.items![i]!
        expect(line).toContain(`${plan.duration} (level ${plan.level})`)
        expect(line).toContain(money(plan.price))
        expect(line).toContain(money(plan.renewalPrice))
      })
    })
  }

  it('shows the first-purchase price, then the renewal price, each with its per-week figure (price ÷ weeks, to the cent)', () => {
    const items = paymentAndRefundPolicy().sections.find((s) => s.id === 'plans')!.items!
    expect(items).toEqual([
      '1 week (level 1): $7.99 every week',
      '4 weeks (level 2): $13.49 for the first purchase ($3.37 per week), then $15.99 every 4 weeks ($4.00 per week)',
      '12 weeks (level 3): $24.99 for the first purchase ($2.08 per week), then $35.99 every 12 weeks ($3.00 per week)',
      '24 weeks (level 4): $41.99 for the first purchase ($1.75 per week), then $79.99 every 24 weeks ($3.33 per week)',
    ])
  })

  it('follows a changed plan list', () => {
    const plans: Plan[] = PLANS.map((p) => (p.id === '4weeks' ? { ...p, price: 11.11, renewalPrice: 22.22 } : p))
    const text = textOf(paymentAndRefundPolicy({ plans }))
    expect(text).toContain('$11.11 for the first purchase ($2.78 per week), then $22.22 every 4 weeks ($5.56 per week)')
    expect(text).not.toContain(money(PLANS[1]!.price))
  })

  it('derives the level range and the uncensored level from the plans', () => {
    const terms = textOf(termsOfUse())
    expect(terms).toContain('Subscriptions have levels from 1 to 4')
    expect(terms).toContain('subscriptions of level 3 or higher also unlock the uncensored edition')
  })
})

describe('policy documents: the rules of the product', () => {
  it('Coins have no real-world value, are non-transferable and non-refundable', () => {
    for (const doc of [termsOfUse(), paymentAndRefundPolicy()]) {
      const coins = doc.sections.find((s) => s.id === 'coins')!.paragraphs.join(' ')
      expect(coins).toContain('no real-world value')
      expect(coins).toContain('non-transferable')
      expect(coins).toContain('non-refundable')
    }
  })

  it('subscriptions renew automatically and the discount applies only once', () => {
    for (const doc of [termsOfUse(), paymentAndRefundPolicy()]) {
      const text = textOf(doc)
      expect(text).toMatch(/renew automatically/)
      expect(text).toContain('discount applies only once: to your first purchase')
    }
  })

  it('the privacy policy: accounts, analytics only after consent, local storage', () => {
    const text = textOf(privacyPolicy())
    expect(text).toContain('the email address and password you sign up with')
    expect(text).toContain('Google, Apple, Facebook or Twitter')
    expect(text).toContain('only after you press Accept')
    expect(text).toContain('If you press Reject, or make no choice, no analytics cookies are set and no usage statistics are sent.')
    expect(text).toContain('the last 5 comics you read')
  })

  it('uses the service name and support address, or points to the Contact us link', () => {
    for (const factory of Object.values(POLICY_DOCUMENTS)) {
      const named = textOf(factory({ serviceName: 'Partner Comics', supportEmail: 'help@partner.example' }))
      expect(named).toContain('Partner Comics')
      expect(named).toContain('by email at help@partner.example')
      expect(named).not.toContain('Contact us link')
      const plain = textOf(factory())
      expect(plain).toContain('Comics')
      expect(plain).toContain('through the Contact us link at the bottom of every page')
      expect(textOf(factory({ effectiveDate: 'November 22, 2026' }))).toContain('Effective date: November 22, 2026.')
    }
  })

  it('POLICY_DOCUMENTS is keyed by the policy routes and every document is well formed', () => {
    expect(Object.keys(POLICY_DOCUMENTS).map((key) => `/${key}`)).toEqual([
      routes.privacyPolicy,
      routes.termsOfUse,
      routes.paymentAndRefund,
    ])
    const titles = Object.entries(POLICY_DOCUMENTS).map(([key, factory]) => {
      const doc = factory()
      expect(doc.id).toBe(key)
      const ids = doc.sections.map((s) => s.id)
      expect(new Set(ids).size).toBe(ids.length)
      for (const s of doc.sections) expect(s.paragraphs.length + (s.items?.length ?? 0)).toBeGreaterThan(0)
      expect(textOf(doc)).not.toMatch(/undefined|NaN|\$\{|\{\w+\}/)
      return doc.title
    })
    expect(titles).toEqual(['Privacy Policy', 'Terms of Use', 'Payment and Refund Policy'])
  })

  it("live in '@comics/react/policies', not in the main entry (its 30 kB budget)", () => {
    expect(kit).not.toHaveProperty('POLICY_DOCUMENTS')
    expect(kit).not.toHaveProperty('privacyPolicy')
    expect(kit).toHaveProperty('PolicyPage')
  })

  it('a site can replace one section through its own function', () => {
    const custom: PolicyDocumentFactory = (ctx) => {
      const doc = termsOfUse(ctx)
      return {
        ...doc,
        sections: doc.sections.map((s) => (s.id === 'contact' ? { ...s, paragraphs: ['Write to us.'] } : s)),
      }
    }
    const doc = custom({ serviceName: 'Partner' })
    expect(doc.sections.at(-1)!.paragraphs).toEqual(['Write to us.'])
    expect(textOf(doc)).toContain(`${POLICY.liabilityCapUsd} US dollars`)
  })
})

describe('PolicyPage with a document', () => {
  it('renders the title, the intro and every section under its own heading', () => {
    const doc = paymentAndRefundPolicy()
    renderWithKit(<PolicyPage document={doc} />)
    const article = screen.getByRole('article', { name: 'Payment and Refund Policy' })
    expect(within(article).getByRole('heading', { level: 1, name: 'Payment and Refund Policy' })).toBeInTheDocument()
    expect(within(article).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      doc.sections.map((s) => s.heading),
    )
    const refunds = within(article).getByRole('region', { name: 'Refunds' })
    expect(within(refunds).getAllByRole('listitem')[0]).toHaveTextContent(
      `Refund requests must be made within ${POLICY.refundWindowDays} calendar days of the card payment.`,
    )
    const plans = within(article).getByRole('region', { name: 'Plans and prices' })
    expect(within(plans).getAllByRole('listitem')).toHaveLength(PLANS.length)
    expect(article).toHaveTextContent(doc.intro[0]!)
  })

  it('a title prop (a message) wins over the document title; children follow the document', () => {
    renderWithKit(
      <PolicyPage title="Datenschutz" document={privacyPolicy()}>
        <p>Extra note.</p>
      </PolicyPage>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Cookies and analytics' })).toBeInTheDocument()
    expect(screen.getByText('Extra note.')).toBeInTheDocument()
  })

  it('keeps the back button: onBack, or / when opened directly', async () => {
    const onBack = vi.fn()
    const { user, unmount } = renderWithKit(<PolicyPage document={termsOfUse()} onBack={onBack} />)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalledTimes(1)
    unmount()

    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1)
    const second = renderWithKit(<PolicyPage document={termsOfUse()} />)
    await second.user.click(screen.getByRole('button', { name: 'Back' }))
    expect(second.navigate).toHaveBeenCalledWith(routes.home)
  })
})
