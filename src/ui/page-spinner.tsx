import { Center, Spinner } from '@chakra-ui/react'
import { commonText } from '../text/layout'

/** The wait indicator for a page (route pending, auth not yet known). */
export function PageSpinner() {
  return (
    <Center minH="40vh" role="status" aria-label={commonText.loading}>
      <Spinner size="lg" color="brand.solid" />
    </Center>
  )
}
