// @comics/react/policies: the three policy documents of spec §2 as structured text, built from the
// constants of spec §9 in @comics/core. Render one with <PolicyPage document={…} /> from @comics/react.
// A separate entry: the texts are several kB gzipped, and only the three policy screens need them.
import { paymentAndRefundPolicy } from './paymentAndRefundPolicy'
import { privacyPolicy } from './privacyPolicy'
import { termsOfUse } from './termsOfUse'
import type { PolicyDocumentFactory, PolicyDocumentId } from './types'

export { paymentAndRefundPolicy, privacyPolicy, termsOfUse }
export { resolvePolicyContext } from './context'
export type {
  PolicyConstants,
  PolicyContext,
  PolicyContextInput,
  PolicyDocument,
  PolicyDocumentFactory,
  PolicyDocumentId,
  PolicySection,
} from './types'

/**
 * The document functions keyed by their route (spec §2: /privacy-policy, /terms-of-use, /payment-and-refund).
 * @example POLICY_DOCUMENTS['terms-of-use']({ supportEmail: 'help@comics.example' }).title // 'Terms of Use'
 */
export const POLICY_DOCUMENTS: Readonly<Record<PolicyDocumentId, PolicyDocumentFactory>> = /* @__PURE__ */ Object.freeze({
  'privacy-policy': privacyPolicy,
  'terms-of-use': termsOfUse,
  'payment-and-refund': paymentAndRefundPolicy,
})
