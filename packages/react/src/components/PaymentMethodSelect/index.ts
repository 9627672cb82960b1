export { PaymentMethodSelect, type PaymentMethodSelectProps } from './PaymentMethodSelect'
