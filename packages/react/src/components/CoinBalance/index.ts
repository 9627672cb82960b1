export { CoinBalance, type CoinBalanceProps } from './CoinBalance'
