export { EmailConfirmation, type EmailConfirmationProps } from './EmailConfirmation'
