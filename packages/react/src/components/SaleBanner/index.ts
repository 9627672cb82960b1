export { SaleBanner, type SaleBannerProps } from './SaleBanner'
