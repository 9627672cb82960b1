export { TermsAgreement, type TermsAgreementProps } from './TermsAgreement'
