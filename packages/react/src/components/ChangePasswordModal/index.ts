export { ChangePasswordModal, type ChangePasswordModalProps } from './ChangePasswordModal'
