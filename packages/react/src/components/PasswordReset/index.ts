export { PasswordReset, type PasswordResetProps } from './PasswordReset'
