export { CoinBalance, type CoinBalanceProps } from './CoinBalance'
export { CoinShop, type CoinShopProps } from './CoinShop'
export { EpisodeUnlock, type EpisodeUnlockProps } from './EpisodeUnlock'
export { CoinHistory, type CoinHistoryProps } from './CoinHistory'
