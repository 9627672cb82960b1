export { AuthModal, type AuthModalProps } from './AuthModal'
