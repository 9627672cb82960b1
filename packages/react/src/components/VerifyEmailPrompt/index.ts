export { VerifyEmailPrompt, type VerifyEmailPromptProps } from './VerifyEmailPrompt'
