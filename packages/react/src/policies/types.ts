import type { Plan, POLICY } from '@comics/core'

/** The keys of the three policy documents, which are also their route paths without the slash. */
export type PolicyDocumentId = 'privacy-policy' | 'terms-of-use' | 'payment-and-refund'

/** One titled part of a policy document: paragraphs first, then an optional bulleted list. */
export interface PolicySection {
  /** Stable key, e.g. 'cookies': lets a site replace or drop one section. */
  id: string
  heading: string
  paragraphs: string[]
  items?: string[]
}

/** A policy document as structured text, rendered by `<PolicyPage document={…} />`. */
export interface PolicyDocument {
  id: PolicyDocumentId | (string & {})
  title: string
  /** Paragraphs before the first section. */
  intro: string[]
  sections: PolicySection[]
}

/** The shape of core's `POLICY` (spec §9). */
export type PolicyConstants = { readonly [K in keyof typeof POLICY]: (typeof POLICY)[K] extends string ? string : number }

/** Everything the documents' wording depends on. Numbers come from `@comics/core`, never from the text. */
export interface PolicyContext {
  policy: PolicyConstants
  minimumAge: number
  matureAge: number
  plans: readonly Plan[]
  /** The name the documents call the service by; default 'Comics'. */
  serviceName: string
  /** Where requests go; without it the documents point to the footer's Contact us link. */
  supportEmail?: string
  /** Shown at the top of each document when given, e.g. 'November 22, 2026'. */
  effectiveDate?: string
}

/**
 * What the document functions take: any part of the context, the rest from `@comics/core`.
 * `policy` may override single constants: `{ policy: { refundWindowDays: 90 } }`.
 */
export type PolicyContextInput = Partial<Omit<PolicyContext, 'policy'>> & { policy?: Partial<PolicyConstants> }

/** A function producing one document; a site may pass its own in place of the kit's. */
export type PolicyDocumentFactory = (context?: PolicyContextInput) => PolicyDocument
