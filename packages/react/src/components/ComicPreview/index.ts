export { ComicPreview, type ComicPreviewProps } from './ComicPreview'
