export { ChangeEmailModal, type ChangeEmailModalProps } from './ChangeEmailModal'
