export { AdminCoins, type AdminCoinsProps } from './AdminCoins'
