export { FeaturedCarousel, type FeaturedCarouselProps } from './FeaturedCarousel'
