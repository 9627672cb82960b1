export { CommentList, type CommentListProps } from './CommentList'
