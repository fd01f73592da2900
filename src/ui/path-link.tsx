import { useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes } from 'react'

/**
 * An in-app link to a path with query given as a string (`/rating?ticketNumber=…`), for targets
 * whose routes live in another feature: navigates through the router, no reload.
 */
export function PathLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter()
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        rest.onClick?.(event)
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        router.history.push(href)
      }}
    />
  )
}
