export { DeleteAccount, type DeleteAccountProps } from './DeleteAccount'
