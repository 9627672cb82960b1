export { FollowedComics, type FollowedComicsProps } from './FollowedComics'
