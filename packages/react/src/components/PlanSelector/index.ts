export { PlanSelector, type PlanSelectorProps } from './PlanSelector'
