import { Box, Center, Spinner } from '@chakra-ui/react'
import { useRouterState } from '@tanstack/react-router'
import { commonText } from '../text/layout'
import { tallPageMinH } from './tall-page'

/**
 * The wait indicator for a page (route pending, auth not yet known). For a page that holds a
 * viewport (`staticData.tallPage`: the home, the ticket menu, rating, payment history, account
 * info; src/ui/tall-page.tsx) it holds one too, so the footer waits below the fold: in the 40vh
 * box alone the footer was painted in view and the arriving page pushed it out, the only layout
 * shift of those pages (CLS 0.463 on `/` at 412 px, 0.23 to 0.46 on the others).
 * A short page keeps the short box: held there, its footer would be pulled up into view instead.
 * On a first load the pending route is the `_auth` layout's, so the flag is read from every
 * match being loaded, not from the route that renders the spinner.
 */
export function PageSpinner() {
  const tall = useRouterState({ select: (s) => s.matches.some((m) => m.staticData.tallPage === true) })
  return <PageSpinnerView tall={tall} />
}

/** The spinner itself; the build paints it into a member page's HTML shell (src/prerender/render.tsx). */
export function PageSpinnerView({ tall }: { tall: boolean }) {
  return (
    <Box minH={tall ? tallPageMinH : undefined}>
      <Center minH="40vh" role="status" aria-label={commonText.loading}>
        <Spinner size="lg" color="brand.solid" />
      </Center>
    </Box>
  )
}
