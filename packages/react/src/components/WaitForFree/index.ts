export { WaitForFreeCountdown, type WaitForFreeCountdownProps } from './WaitForFreeCountdown'
export { WaitForFreeStatus, type WaitForFreeStatusProps } from './WaitForFreeStatus'
export { WaitForFreeSettings, type WaitForFreeSettingsProps } from './WaitForFreeSettings'
