export { AccountBenefits, type AccountBenefitsProps } from './AccountBenefits'
