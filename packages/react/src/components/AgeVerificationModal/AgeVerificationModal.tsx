import { otherMainSiteUrl } from '@comics/core'
import { Dialog, DialogDescription, DialogTitle } from '../../dialog'
import { useAgeVerification, useMessages, useRedirect, useSiteConfig } from '../../hooks'

export interface AgeVerificationModalProps {
  /**
   * Where No leads. Default: the other main site from the provider's `site.hostConfig` (core's
   * `otherMainSiteUrl`); give it when the site has no host config.
   */
  otherSiteUrl?: string
  className?: string
}

/**
 * The age gate of adult mode (spec §2 "Modals", §4, §6): 'Are you over the age of 18?' with Yes and No.
 * It shows while the host is in adult mode and the user has not answered Yes, and it cannot be closed
 * any other way: no close control, and Escape and the backdrop do nothing. Yes is remembered under
 * 'isUserPassAgeVerification'; No leaves for the other main site through the provider's `redirect`.
 * @example
 * <ComicsProvider siteMode="adult" site={{ hostConfig: { adultHost: 'adult.example.com', mirrorHosts: ['example.com'] } }}>
 *   <AgeVerificationModal />
 * </ComicsProvider>
 */
export function AgeVerificationModal({ otherSiteUrl, className }: AgeVerificationModalProps) {
  const messages = useMessages()
  const redirect = useRedirect()
  const { hostConfig } = useSiteConfig()
  const { required, confirm } = useAgeVerification()

  const leave = () => {
    const target = otherSiteUrl ?? (hostConfig ? otherMainSiteUrl(window.location.href, hostConfig) : undefined)
    if (target === undefined) {
      console.error(
        'AgeVerificationModal: No has nowhere to go. Pass `otherSiteUrl`, or `site.hostConfig` to ComicsProvider.',
      )
      return
    }
    redirect(target)
  }

  return (
    <Dialog
      open={required}
      dismissible={false}
      className={className ? `comics-age-modal ${className}` : 'comics-age-modal'}
      backdropClassName="comics-age-modal__backdrop"
    >
      <DialogTitle className="comics-age-modal__title">{messages['age.title']}</DialogTitle>
      <DialogDescription className="comics-age-modal__text">{messages['age.text']}</DialogDescription>
      <div className="comics-age-modal__actions">
        <button type="button" className="comics-button comics-age-modal__yes" onClick={confirm}>
          {messages['age.yes']}
        </button>
        <button type="button" className="comics-button comics-age-modal__no" data-variant="ghost" onClick={leave}>
          {messages['age.no']}
        </button>
      </div>
    </Dialog>
  )
}
