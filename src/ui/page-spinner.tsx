import { Box, Center, Spinner } from '@chakra-ui/react'
import { useRouterState } from '@tanstack/react-router'
import { commonText } from '../text/layout'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page is always taller than the viewport: while it loads, its spinner holds one. */
    tallPage?: boolean
  }
}

/**
 * The wait indicator for a page (route pending, auth not yet known). For a page that is always
 * taller than the viewport (`staticData.tallPage`, the home) it holds a whole viewport's height,
 * so the footer waits below the fold: in the 40vh box alone the footer was painted in view and
 * the arriving page pushed it out, the only layout shift of `/` (issue 8: CLS 0.463 at 412 px).
 * A short page keeps the short box: held there, its footer would be pulled up into view instead.
 * On a first load the pending route is the `_auth` layout's, so the flag is read from every
 * match being loaded, not from the route that renders the spinner.
 */
export function PageSpinner() {
  const tall = useRouterState({ select: (s) => s.matches.some((m) => m.staticData.tallPage === true) })
  return (
    <Box minH={tall ? '100dvh' : undefined}>
      <Center minH="40vh" role="status" aria-label={commonText.loading}>
        <Spinner size="lg" color="brand.solid" />
      </Center>
    </Box>
  )
}
