import { useMessages } from '@comics/react'

/** Shown while a screen's chunk loads. */
export function ScreenFallback() {
  const messages = useMessages()
  return (
    <p className="site-screen-fallback" role="status">
      {messages['common.loading']}
    </p>
  )
}
