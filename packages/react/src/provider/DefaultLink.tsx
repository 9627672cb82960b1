import type { MouseEvent } from 'react'
import { useNavigate } from '../hooks/useNavigate'
import type { KitLinkProps } from './comicsContext'

/** A click that follows a link in the same tab (no modifier, main button). */
export const isPlainLeftClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey

/**
 * The link the kit renders when the site gives no `linkComponent`: a real `<a href>` (so it opens in
 * a new tab and works without JavaScript) whose plain clicks go through the provider's `navigate`.
 */
export function DefaultLink({ to, onClick, target, children, ...rest }: KitLinkProps) {
  const navigate = useNavigate()
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return
        event.preventDefault()
        navigate(to)
      }}
    >
      {children}
    </a>
  )
}
