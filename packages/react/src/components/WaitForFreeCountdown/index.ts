export { WaitForFreeCountdown, type WaitForFreeCountdownProps } from './WaitForFreeCountdown'
