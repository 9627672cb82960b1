export { OrderSummary, type OrderSummaryProps } from './OrderSummary'
