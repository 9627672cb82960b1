import { lazy } from 'react'

// Parts of a screen in chunks of their own: likes and comments, fetched once the screen shows.
export const EpisodeComments = lazy(() => import('./EpisodeComments'))
export const ComicReactions = lazy(() => import('./ComicReactions'))
