export { CoinShop, type CoinShopProps } from './CoinShop'
