import { lazy, Suspense } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { RootData } from '../root'

const AgeVerificationModal = lazy(() => import('./ageGatePart'))

/**
 * The kit's age gate on the adult host, and nothing on the others: its code (the dialog included) is
 * fetched only there. The server renders it complete (the document waits for every boundary), so the
 * gate is still first in the adult host's HTML and paints with the page; the browser hydrates it once
 * its chunk has come.
 */
export function AdultHostAgeGate() {
  const adult = useRouteLoaderData<RootData>('root')?.siteMode === 'adult'
  return <Suspense fallback={null}>{adult && <AgeVerificationModal />}</Suspense>
}
