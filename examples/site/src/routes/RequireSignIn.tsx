import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { routes } from '@comics/core'
import { useSession } from '@comics/react'

export interface RequireSignInProps {
  children: ReactNode
  /** Where a signed-out visitor goes instead; default / (spec §2). */
  redirectTo?: string
}

/** A guarded route of spec §2: the page for a signed-in user, a redirect for anyone else. */
export function RequireSignIn({ children, redirectTo = RequireSignIn.defaultRedirect }: RequireSignInProps) {
  const { signedIn } = useSession()
  if (!signedIn) return <Navigate to={redirectTo} replace />
  return children
}

/** Where a signed-out visitor goes when the route names no other place (spec §2: the home page). */
RequireSignIn.defaultRedirect = routes.home as string
