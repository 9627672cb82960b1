export { PolicyPage, type PolicyPageProps } from './PolicyPage'
