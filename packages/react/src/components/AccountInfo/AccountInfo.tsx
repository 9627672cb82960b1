import { useId } from 'react'
import { canChangePassword } from '@comics/core'
import { useMessages, useSession } from '../../hooks'
import { ACCOUNT_MESSAGES } from '../../messages/accountMessages'

export interface AccountInfoProps {
  /** Opens the change-password dialog (the ChangePasswordModal). */
  onChangePassword?: () => void
  /** Opens the change-of-email dialog (the ChangeEmailModal); without it the email row has no button. */
  onChangeEmail?: () => void
  className?: string
}

/**
 * The account page's INFO section (spec §2): 'Email or Phone' with the signed-in user's email (or
 * phone number), and, only when the user first signed in with a password, 'Change email' (when
 * `onChangeEmail` is given) and a masked password row with 'Change Password'. Social accounts have no password to change here.
 * @example
 * const [changing, setChanging] = useState(false)
 * <AccountInfo onChangePassword={() => setChanging(true)} />
 * <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
 */
export function AccountInfo({ onChangePassword, onChangeEmail, className }: AccountInfoProps) {
  const messages = useMessages(ACCOUNT_MESSAGES)
  const { user } = useSession()
  const headingId = useId()
  const hasPassword = canChangePassword(user)
  return (
    <section className={className ? `comics-card comics-account-info ${className}` : 'comics-card comics-account-info'} aria-labelledby={headingId}>
      <h2 id={headingId} className="comics-card__heading comics-account-info__heading">
        {messages['account.info']}
      </h2>
      <dl className="comics-account-info__rows">
        <div className="comics-account-info__row">
          <dt>{messages['account.emailOrPhone']}</dt>
          <dd className="comics-account-info__email">
            {user?.email ?? user?.phoneNumber ?? ''}
            {hasPassword && onChangeEmail && (
              <button type="button" className="comics-button" data-variant="ghost" onClick={onChangeEmail}>
                {messages['account.changeEmail']}
              </button>
            )}
          </dd>
        </div>
        {hasPassword && (
          <div className="comics-account-info__row" data-row="password">
            <dt>{messages['account.password']}</dt>
            <dd className="comics-account-info__password">
              <span aria-hidden="true">••••••••</span>
              <span className="comics-visually-hidden">{messages['account.passwordHidden']}</span>
              <button type="button" className="comics-button" data-variant="ghost" onClick={onChangePassword}>
                {messages['account.changePassword']}
              </button>
            </dd>
          </div>
        )}
      </dl>
    </section>
  )
}
