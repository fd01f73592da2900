import type { ReactNode } from 'react'

/**
 * An in-app link of a part drawn without the router (decision 102): the home page's light start
 * renders it as a plain anchor, the app passes one built on PathLink (router navigation).
 */
export type PlainLink = (props: { href: string; className?: string; children: ReactNode; 'aria-label'?: string }) => ReactNode

/** A plain `<a>`: the default link of a part drawn without the router. */
export const Anchor: PlainLink = (props) => <a {...props} />
