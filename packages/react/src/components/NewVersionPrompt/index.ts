export { NewVersionPrompt, type NewVersionPromptProps } from './NewVersionPrompt'
