export { GenreBar, type GenreBarProps } from './GenreBar'
