export { ComicCarousel, type ComicCarouselProps } from './ComicCarousel'
