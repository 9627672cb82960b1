export { PaymentConfirmation, type PaymentConfirmationProps } from './PaymentConfirmation'
