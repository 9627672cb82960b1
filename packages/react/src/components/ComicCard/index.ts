export { ComicCard, type ComicCardProps } from './ComicCard'
