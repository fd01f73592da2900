import { Button, Card, Image, SimpleGrid, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { Product } from '../../../contract/entities'
import { homeText } from '../../text/home'
import { formatYen } from '../../../contract/jst'

const p = homeText.purchase

/** Ticket purchase cards (product.md §2 "/"): buying one starts the staff selection, like the menu. */
export function PurchaseCards({ products }: { products: Product[] }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
      {products.map((product) => (
        <Card.Root key={product.productId} size="sm" aria-label={product.productName} as="article">
          <Image src={`/images/${product.minutesToSupport}-min-ticket.png`} alt={product.productName} h="24" objectFit="contain" bg="bg.subtle" />
          <Card.Body gap="1">
            <Text fontWeight="bold">{product.productName}</Text>
            <Text fontSize="sm" color="fg.muted">{p.maxMinutes(product.minutesToSupport)}</Text>
            <Text fontSize="lg" fontWeight="bold">
              {formatYen(product.price)}
              <Text as="span" fontSize="xs" color="fg.muted" ms="1">（税込）</Text>
            </Text>
          </Card.Body>
          <Card.Footer>
            <Button asChild colorPalette="brand" size="sm" w="full">
              <Link to="/support/staff" search={{ productId: product.productId }} aria-label={`${product.productName}を${p.buy}`}>
                {p.buy}
              </Link>
            </Button>
          </Card.Footer>
        </Card.Root>
      ))}
    </SimpleGrid>
  )
}
