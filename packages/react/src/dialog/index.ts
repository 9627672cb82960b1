export { Dialog, DialogTitle, DialogDescription, type DialogProps } from './Dialog'
