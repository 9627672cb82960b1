export { AgeVerificationModal, type AgeVerificationModalProps } from './AgeVerificationModal'
