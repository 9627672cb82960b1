import { termsOfUse } from '@comics/react/policies'
import { PolicyScreen } from './PolicyScreen'

export default function TermsOfUseScreen() {
  return <PolicyScreen document={termsOfUse} titleKey="policy.termsOfUse" />
}
