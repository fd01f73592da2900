import { Box } from '@chakra-ui/react'
import type { ReactNode } from 'react'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page is at least a viewport tall (by its content, or held by <TallPage>): while it loads, its spinner holds one too. */
    tallPage?: boolean
  }
}

/**
 * The height a tall page and its loading spinner both hold, so the footer starts below the fold
 * whether the spinner or the page is showing and is never painted in view and then moved.
 * The small viewport height, not the dynamic one: it does not change while a phone's address bar
 * slides away, so the footer of a short page does not move under a member scrolling it either.
 */
export const tallPageMinH = '100svh'

/**
 * The root of a page flagged `staticData: { tallPage: true }`. Such a page's height depends on
 * data or on the screen (four tickets or one, twenty purchases or none, an 800 or a 1,440 px high
 * screen): no spinner or skeleton can know it before the data is in, so the page always holds a
 * viewport and the flag's promise to the page spinner holds at every size. A short page (an
 * empty payment history) then ends with blank background and its footer below the fold.
 */
export function TallPage({ children }: { children: ReactNode }) {
  return <Box minH={tallPageMinH}>{children}</Box>
}
