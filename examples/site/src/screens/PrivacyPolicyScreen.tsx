import { privacyPolicy } from '@comics/react/policies'
import { PolicyScreen } from './PolicyScreen'

export default function PrivacyPolicyScreen() {
  return <PolicyScreen document={privacyPolicy} titleKey="policy.privacyPolicy" />
}
