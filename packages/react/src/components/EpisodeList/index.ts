export { EpisodeList, type EpisodeListProps } from './EpisodeList'
