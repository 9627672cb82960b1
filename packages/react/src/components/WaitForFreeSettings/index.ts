export { WaitForFreeSettings, type WaitForFreeSettingsProps } from './WaitForFreeSettings'
