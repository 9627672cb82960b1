export { CommentModeration, type CommentModerationProps } from './CommentModeration'
