import { Box, Button, CloseButton, Grid, Image, Portal, Text } from '@chakra-ui/react'
import { Dialog } from '../../ui/later-recipes/dialog'
import { useEffect, useState } from 'react'
import type { ReservationMenu } from '../../../contract/entities'
import { menuText } from '../../text/menu'
import { lastRowPadding, rowSizeFor } from './load-menu'

function useRowSize() {
  const [size, setSize] = useState(() => rowSizeFor(window.innerWidth))
  useEffect(() => {
    const onResize = () => setSize(rowSizeFor(window.innerWidth))
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return size
}

/** Example concerns of one ticket (product.md §2 /support/menu): menu titles and images, or `Empty List`. */
export function MenuExamplesDialog({ productName, menus }: { productName: string; menus: ReservationMenu[] }) {
  const rowSize = useRowSize()
  const padding = lastRowPadding(menus.length, rowSize)
  return (
    // Sized to its content at every width (`full` on a phone left it mostly blank); a
    // long list scrolls inside.
    <Dialog.Root size="lg" placement="center" scrollBehavior="inside">
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" w="full">{menuText.examples}</Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{menuText.examplesTitle(productName)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {menus.length === 0 ? (
                <Text>{menuText.empty}</Text>
              ) : (
                <Grid as="ul" templateColumns={`repeat(${rowSize}, minmax(0, 1fr))`} gap="2" listStyleType="none" p="0" m="0" data-row-size={rowSize}>
                  {menus.map((menu) => (
                    <Box as="li" key={menu.menuId} textAlign="center">
                      <Image src={menu.imageUrl} alt="" aspectRatio="1" w="full" objectFit="cover" borderRadius="md" bg="bg.muted" />
                      <Text fontSize="xs" mt="1">{menu.menuTitle}</Text>
                    </Box>
                  ))}
                  {Array.from({ length: padding }, (_, i) => (
                    <Box as="li" key={`pad-${i}`} aria-hidden="true" />
                  ))}
                </Grid>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{menuText.close}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
