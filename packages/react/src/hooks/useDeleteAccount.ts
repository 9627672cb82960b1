import { useCallback, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, routes, toAuthError, type AccountDeletion } from '@comics/core'
import { ACCOUNT_MESSAGES } from '../messages/accountMessages'
import { useComicsContext } from './useComicsContext'
import { useMessages } from './useMessages'

export interface DeleteAccountState {
  /**
   * Re-verifies the password (a social account, without one, signs in again in its provider's popup), has the service erase the account (DELETE /me), forgets what this browser
   * keeps of the reader (session, reading progress, cached answers), signs out and goes home. Resolves to
   * what the service did, or null with `errorMessage` set and nothing lost: the reader can try again.
   */
  deleteAccount(password?: string): Promise<AccountDeletion | null>
  pending: boolean
  /** A wrong password in the provider's words, or that the deletion failed (nothing was deleted then). */
  errorMessage: string | null
  clearError(): void
}

/**
 * Deleting the signed-in reader's account (DeleteAccount on the account page). The service ends running
 * subscriptions, erases the reader's data, keeps payment records detached from them and deletes the
 * sign-in, which signs the reader out on every device.
 * @example
 * const { deleteAccount, pending, errorMessage } = useDeleteAccount()
 * await deleteAccount(password)
 */
export function useDeleteAccount(): DeleteAccountState {
  const { auth, api, stores, navigate } = useComicsContext('useDeleteAccount')
  const messages = useMessages(ACCOUNT_MESSAGES)
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  const [errorMessage, setErrorMessage] = useState<string | null>(null)

  const deleteAccount = useCallback(
    async (password?: string) => {
      if (!auth) {
        setErrorMessage(messages['auth.configuration'])
        return null
      }
      setPending(true)
      setErrorMessage(null)
      try {
        try {
          await auth.reauthenticate(password)
        } catch (caught) {
          console.error('Re-authentication before deleting the account failed', caught)
          setErrorMessage(messages[toAuthError(caught).messageKey])
          return null
        }
        let deletion: AccountDeletion
        try {
          deletion = await api.account.delete()
        } catch (caught) {
          console.error('Deleting the account failed', caught)
          const stale = caught instanceof ApiError && caught.code === 'recent_sign_in_required'
          setErrorMessage(stale ? messages['auth.recentLoginRequired'] : messages['deleteAccount.failed'])
          return null
        }
        // The account is gone: nothing of it stays in this browser.
        stores.progress.clear()
        queryClient.clear()
        await auth.logout().catch((caught: unknown) => console.error('Signing out after the deletion failed', caught))
        stores.session.clear()
        navigate(routes.home)
        return deletion
      } finally {
        setPending(false)
      }
    },
    [auth, api, stores, messages, navigate, queryClient],
  )

  return { deleteAccount, pending, errorMessage, clearError: useCallback(() => setErrorMessage(null), []) }
}
