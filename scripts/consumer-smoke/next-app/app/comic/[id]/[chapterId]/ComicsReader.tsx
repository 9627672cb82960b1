'use client'
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { createBrowserStorage, createPrefixedStorage } from '@comics/core'
import { ComicsProvider, Reader, type KitLinkProps } from '@comics/react'

const NextLink = ({ to, ...rest }: KitLinkProps) => <Link href={to} {...rest} />

// The client part: the provider (with its own query client) and the Reader; the kit's keys are kept
// under 'comics:' in this site's localStorage.
export function ComicsReader({ apiBaseUrl, comicId, chapterId }: { apiBaseUrl: string; comicId: string; chapterId: string }) {
  const router = useRouter()
  const [storage] = useState(() => createPrefixedStorage(createBrowserStorage(), 'comics:'))
  return (
    <ComicsProvider apiBaseUrl={apiBaseUrl} storage={storage} navigate={router.push} navigateReplace={router.replace} linkComponent={NextLink}>
      <Reader comicId={comicId} chapterId={chapterId} />
    </ComicsProvider>
  )
}
