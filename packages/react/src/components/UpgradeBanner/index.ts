export { UpgradeBanner, type UpgradeBannerProps } from './UpgradeBanner'
