export { PageUploader, type PageUploaderProps } from './PageUploader'
