export { CoinHistory, type CoinHistoryProps } from './CoinHistory'
