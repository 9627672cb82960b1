import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import '@comics/react/styles.css'

// No favicon request: a 404 would be a console error, and the smoke test allows none.
export const metadata: Metadata = { title: 'Comics kit on Next.js', icons: { icon: 'data:,' } }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
