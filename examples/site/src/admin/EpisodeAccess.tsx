import { FREE_EPISODES } from '@comics/core'

/** Whether an episode is free, as the position rule decides it (core `isFreeEpisode`): read-only. */
export function EpisodeAccess({ free }: { free: boolean }) {
  return (
    <span className="site-admin__tag" data-access={free ? 'free' : 'subscribers'}>
      {free ? `Free: one of the first ${FREE_EPISODES} by number` : 'Subscribers only'}
    </span>
  )
}
