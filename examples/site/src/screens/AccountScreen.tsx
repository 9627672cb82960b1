import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ANALYTICS_EVENTS, routes } from '@comics/core'
import {
  AccountBenefits,
  AccountHeader,
  AccountInfo,
  ChangeEmailModal,
  ChangePasswordModal,
  DeleteAccount,
  CoinHistory,
  DownloadMyData,
  FollowedComics,
  DownloadedEpisodes,
  LastReadSlider,
  PaymentConfirmation,
  useAnalytics,
} from '@comics/react'

/**
 * The account page (spec §2): header, LAST READ and the followed comics on the left, INFO and YOUR BENEFITS on the right, the
 * change-password and change-of-email dialogs, 'Download my data' and 'Delete my account'; a light pink page, and a page-view event on open. Back from
 * the payment provider (`?checkout={id}`), what became of the payment shows above the columns.
 */
export default function AccountScreen() {
  const analytics = useAnalytics()
  const [changingPassword, setChangingPassword] = useState(false)
  const [changingEmail, setChangingEmail] = useState(false)
  const [searchParams] = useSearchParams()
  // Once per visit of the page, also under StrictMode's second effect run in development.
  const tracked = useRef(false)
  useEffect(() => {
    if (tracked.current) return
    tracked.current = true
    analytics.track(ANALYTICS_EVENTS.pageView, { page: routes.account })
  }, [analytics])

  return (
    <div className="site-account">
      <AccountHeader />
      <PaymentConfirmation checkoutId={searchParams.get('checkout') ?? undefined} />
      <div className="site-account__columns">
        <div className="site-account__last-read">
          <LastReadSlider />
          <FollowedComics />
        </div>
        <div className="site-account__details">
          <AccountInfo onChangePassword={() => setChangingPassword(true)} onChangeEmail={() => setChangingEmail(true)} />
          <AccountBenefits />
          <CoinHistory />
          <DownloadedEpisodes />
          <DownloadMyData />
          <DeleteAccount />
        </div>
      </div>
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
      <ChangeEmailModal open={changingEmail} onClose={() => setChangingEmail(false)} />
    </div>
  )
}
