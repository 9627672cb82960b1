export { EpisodeUnlock, type EpisodeUnlockProps } from './EpisodeUnlock'
