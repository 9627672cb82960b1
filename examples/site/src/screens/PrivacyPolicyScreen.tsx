import { PolicyPage, useMessages } from '@comics/react'
import { PrivacyPolicyText } from '../policies/PrivacyPolicyText'

export default function PrivacyPolicyScreen() {
  const messages = useMessages()
  return (
    <PolicyPage title={messages['policy.privacyPolicy']}>
      <PrivacyPolicyText />
    </PolicyPage>
  )
}
