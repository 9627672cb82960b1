export { AccountHeader, type AccountHeaderProps } from './AccountHeader'
