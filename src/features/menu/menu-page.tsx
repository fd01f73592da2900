import { Box, Button, Card, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { menuText } from '../../text/menu'
import { formatYen } from '../../../contract/jst'
import { TICKET_IS_FREE } from '../../../contract/ticket-rules'
import type { MenuData } from './load-menu'
import { toaster } from '../../ui/toaster'
import { MenuExamplesDialog } from './menu-examples-dialog'

/** The ticket menu (product.md §2 /support/menu). */
export function MenuPage({ data, displayToast }: { data: MenuData; displayToast: boolean }) {
  useEffect(() => {
    // A fixed id: StrictMode's second effect run updates the toast instead of stacking a copy.
    if (displayToast) toaster.create({ id: 'select-menu', title: menuText.selectMenuToast, type: 'warning' })
  }, [displayToast])

  const block = TICKET_IS_FREE ? menuText.freeBlock : menuText.paidBlock
  return (
    <Stack gap="6">
      <Box bg="bg" borderRadius="l3" boxShadow="sm" p={{ base: '5', md: '8' }}>
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }} mb="2">{menuText.title}</Heading>
        <Text color="fg.muted" mb="6">{menuText.lead}</Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {data.products.map((product) => (
            <Card.Root key={product.productId} as="article" aria-label={product.productName} overflow="hidden">
              <Image src={`/images/${product.minutesToSupport}-min-ticket.png`} alt={product.productName} h="32" objectFit="contain" bg="bg.subtle" />
              <Card.Body gap="1">
                <Heading as="h2" size="md">{product.productName}</Heading>
                <Text fontSize="sm" color="fg.muted">{menuText.maxMinutes(product.minutesToSupport)}</Text>
                <Text>
                  <Text as="span" fontSize="xs" color="fg.muted" me="2">{menuText.price}</Text>
                  <Text as="span" fontSize="xl" fontWeight="bold" data-price>{formatYen(product.price)}</Text>
                </Text>
              </Card.Body>
              <Card.Footer flexDirection="column" gap="2">
                <MenuExamplesDialog productName={product.productName} menus={data.menus[product.minutesToSupport] ?? []} />
                <Button asChild colorPalette="brand" w="full">
                  <Link to="/support/staff" search={{ productId: product.productId }} aria-label={`${product.productName}：${menuText.buy}`}>
                    {menuText.buy}
                  </Link>
                </Button>
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Box>
      {/* product.md §2: two alternative blocks chosen by the ticket-is-free flag. */}
      <Box as="section" aria-label={block.title} bg="brand.subtle" borderRadius="l3" p={{ base: '5', md: '8' }} data-ticket-is-free={TICKET_IS_FREE}>
        <Heading as="h2" size="md" mb="2">{block.title}</Heading>
        <Text>{block.body}</Text>
      </Box>
    </Stack>
  )
}
