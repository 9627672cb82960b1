export { PageTitle, type PageTitleProps } from './PageTitle'
export { pageTitle, type PolicyTitleKey, type TitledPage } from './pageTitleText'
