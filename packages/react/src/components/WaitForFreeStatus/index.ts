export { WaitForFreeStatus, type WaitForFreeStatusProps } from './WaitForFreeStatus'
