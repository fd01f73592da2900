import { Box, Heading, type BoxProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** The white card with a heading that every page's main content sits in. */
export function PageCard({ title, children, ...rest }: { title: ReactNode; children: ReactNode } & BoxProps) {
  return (
    <Box bg="bg" borderRadius="l3" boxShadow="sm" p={{ base: '5', md: '8' }} w="full" {...rest}>
      <Heading as="h1" size={{ base: 'lg', md: 'xl' }} mb="6">
        {title}
      </Heading>
      {children}
    </Box>
  )
}
