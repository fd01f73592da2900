import { Box, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { Notice } from '../../../contract/entities'
import { homeText } from '../../text/home'
import { formatDateUnix } from '../../../contract/jst'
import { NoticeText } from '../../ui/notice-text'
import { PathLink } from '../../ui/path-link'

const n = homeText.notices

function NoticeList({ title, items }: { title: string; items: Notice[] }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h3" size="sm" mb="2" color="brand.fg">{title}</Heading>
      {items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">{n.empty}</Text>
      ) : (
        <List.Root gap="3" variant="plain">
          {items.map((item) => (
            <List.Item key={`${item.updateTime}-${item.title ?? ''}-${item.content}`} fontSize="sm" display="block" data-notice>
              <Text fontSize="xs" color="fg.muted">{formatDateUnix(item.updateTime)}</Text>
              {item.title && (
                <Heading as="h4" size="sm" mb="1">
                  {item.title}
                </Heading>
              )}
              <NoticeText content={item.content} Link={PathLink} />
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  )
}

/** product.md §2 "/": notice banner with the お知らせ and キャンペーン lists. */
export function NoticeBanner({ information, campaign }: { information: Notice[]; campaign: Notice[] }) {
  return (
    <Stack bg="brand.subtle" borderRadius="l2" p="4" gap="3">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <NoticeList title={n.information} items={information} />
        <NoticeList title={n.campaign} items={campaign} />
      </SimpleGrid>
    </Stack>
  )
}
