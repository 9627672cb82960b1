export { EpisodeEndCard, type EpisodeEndCardProps } from './EpisodeEndCard'
