import { PolicyPage, useMessages } from '@comics/react'
import { TermsOfUseText } from '../policies/TermsOfUseText'

export default function TermsOfUseScreen() {
  const messages = useMessages()
  return (
    <PolicyPage title={messages['policy.termsOfUse']}>
      <TermsOfUseText />
    </PolicyPage>
  )
}
