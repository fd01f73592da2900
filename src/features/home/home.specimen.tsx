import { Badge, Box, Button, Card, Grid, Heading, HStack, Image, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { noticeTextSpecimen } from '../../ui/notice-text.specimen'

/**
 * How the home page looks (home-page.tsx and its parts), written with Chakra and the app's theme:
 * the source of its static styles (docs/performance.md "The home's static styles", decision 102).
 * `npm run styles` renders this with Chakra and writes the class of each `data-style` element and
 * the CSS of them all to home.styles.gen.{ts,css}; the page itself is plain React with those
 * classes, so `/` can be drawn without Chakra's runtime, its theme, Emotion or the router.
 * Every element the page draws is here once per look it can take: each label's palette, each
 * button (solid, outline, outline without a palette, the calendar button loading), the card of
 * each size and variant, a calendar day today or not and a holiday or not, the sections' column
 * with and without the screen's height it holds until all are in. Responsive values stay as they
 * are: the class's CSS carries the media queries. The notice text's own specimen is drawn inside
 * the notices, so this file's CSS is all the page needs (the staff editor's preview loads the
 * notice text's own).
 */
export const homeSpecimen = (
  <Stack gap="6" data-style="page">
    <Stack gap="1" data-style="titleStack">
      <Heading as="h1" size={{ base: 'lg', md: 'xl' }} data-style="title">
        x
      </Heading>
      <Text color="fg.muted" data-style="muted">
        x
      </Text>
    </Stack>

    {/* notice-banner.tsx */}
    <Stack bg="brand.subtle" borderRadius="l2" p="4" gap="3" data-style="notices">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-style="noticeColumns">
        <Box as="section">
          <Heading as="h3" size="sm" mb="2" color="brand.fg" data-style="noticeListTitle">
            x
          </Heading>
          <Text fontSize="sm" color="fg.muted" data-style="smallMuted">
            x
          </Text>
          <List.Root gap="3" variant="plain" data-style="noticeList">
            <List.Item fontSize="sm" display="block" data-style="notice">
              <Text fontSize="xs" color="fg.muted" data-style="noticeDate">
                x
              </Text>
              <Heading as="h4" size="sm" mb="1" data-style="noticeTitle">
                x
              </Heading>
              {noticeTextSpecimen}
            </List.Item>
          </List.Root>
        </Box>
      </SimpleGrid>
    </Stack>

    <Stack gap="6" minH="100vh" data-style="sectionsFilling">
      <Stack gap="6" data-style="sections">
        {/* home-page.tsx Section */}
        <Box as="section" bg="bg" borderRadius="l3" boxShadow="sm" p={{ base: '4', md: '6' }} data-style="section">
          <Heading as="h2" size="md" mb="4" data-style="sectionTitle">
            x
          </Heading>
          {/* The usage flow. */}
          <SimpleGrid as="ol" columns={{ base: 1, md: 2 }} gap="3" listStyleType="none" p="0" m="0" data-style="flowList">
            <Card.Root as="li" size="sm" variant="subtle" data-style="subtleCard">
              <Card.Body gap="1" data-style="subtleCardBodyGap1">
                <Badge alignSelf="start" colorPalette="brand" variant="solid" data-style="flowStep">
                  x
                </Badge>
                <Text fontWeight="bold" data-style="bold">
                  x
                </Text>
                <Text fontSize="sm" data-style="small">
                  x
                </Text>
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
        </Box>

        {/* ticket-card.tsx InterviewTicketCard */}
        <Stack gap="3" data-style="stack3">
          <Card.Root as="article" size="sm" variant="subtle">
            <Card.Body data-style="subtleCardBody">
              <Stack gap="1" data-style="stack1">
                <Box>
                  <Link href="tel:0" fontSize="xl" fontWeight="bold" color="brand.fg" data-style="tel">
                    x
                  </Link>
                </Box>
              </Stack>
            </Card.Body>
          </Card.Root>

          {/* ticket-card.tsx TicketCard */}
          <Card.Root as="article" size="sm" data-style="card">
            <Card.Body data-style="cardBody">
              <HStack align="start" gap="4" data-style="ticketRow">
                <Image src="/" alt="" boxSize="14" flexShrink={0} data-style="ticketIcon" />
                <Stack gap="1" flex="1" minW="0" data-style="ticketInfo">
                  <HStack wrap="wrap" gap="2" data-style="ticketHead">
                    <Badge colorPalette="completed" variant="solid" data-style="labelCompleted">
                      x
                    </Badge>
                    <Badge colorPalette="reserved" variant="solid" data-style="labelReserved">
                      x
                    </Badge>
                    <Badge colorPalette="expired" variant="solid" data-style="labelExpired">
                      x
                    </Badge>
                    <Badge colorPalette="refunded" variant="solid" data-style="labelRefunded">
                      x
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" data-style="small">
                    <Box as="span" display="inline-block" data-style="inlineBlock">
                      x
                    </Box>
                  </Text>
                </Stack>
              </HStack>
              <Text fontSize="sm" color="fg.muted" mt="3" data-style="changeClosed">
                x
              </Text>
              <HStack justify="end" mt="3" gap="2" wrap="wrap" data-style="ticketButtons">
                <Button asChild size="sm" colorPalette="brand" data-style="buttonSolid">
                  <a href="/">x</a>
                </Button>
                <Button size="sm" variant="outline" colorPalette="brand" data-style="buttonOutlineBrand">
                  x
                </Button>
                <Button size="sm" variant="outline" colorPalette="brand" loading data-style="buttonOutlineBrandLoading" data-style-parts="loader loaderCenter spinner loaderContent">
                  x
                </Button>
                <Button asChild size="sm" colorPalette="brand" variant="outline" data-style="buttonOutlineBrand">
                  <a href="/">x</a>
                </Button>
                <Button size="sm" variant="outline" disabled data-style="buttonOutline">
                  x
                </Button>
              </HStack>
              <Text role="alert" fontSize="sm" color="fg.error" mt="2" textAlign="end" data-style="calendarFailed">
                x
              </Text>
              {/* no-call-report.tsx */}
              <Text fontSize="sm" mt="3" data-style="noCallReceived">
                x
              </Text>
              <Stack gap="2" mt="3" align="end" data-style="noCallReport">
                <Button size="sm" variant="outline" data-style="buttonOutline">
                  x
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
        </Stack>

        {/* purchase-cards.tsx */}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" data-style="products">
          <Card.Root size="sm" as="article" data-style="card">
            <Image src="/" alt="" h="24" objectFit="contain" bg="bg.subtle" data-style="productImage" />
            <Card.Body gap="1" data-style="cardBodyGap1">
              <Text fontSize="lg" fontWeight="bold" data-style="price">
                x
                <Text as="span" fontSize="xs" color="fg.muted" ms="1" data-style="tax">
                  x
                </Text>
              </Text>
            </Card.Body>
            <Card.Footer data-style="cardFooter">
              <Button asChild colorPalette="brand" size="sm" w="full" data-style="buyButton">
                <a href="/">x</a>
              </Button>
            </Card.Footer>
          </Card.Root>
        </SimpleGrid>
        <Text as="span" color="brand.fg" textDecoration="underline" fontSize="sm" data-style="toMenu">
          x
        </Text>

        {/* home-calendar.tsx */}
        <Stack gap="3">
          <Grid aria-hidden="true" templateColumns="repeat(7, minmax(0, 1fr))" gap="1" data-style="weekdays">
            <Text fontSize="xs" color="fg.muted" textAlign="center" data-style="weekday">
              x
            </Text>
          </Grid>
          <Grid as="ul" templateColumns="repeat(7, minmax(0, 1fr))" gap="1" listStyleType="none" p="0" m="0" data-style="days">
            <Box as="li" borderWidth="1px" borderColor="brand.solid" borderRadius="md" p="1" minH="16" bg="bg" textAlign="center" data-style="dayToday">
              <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-style="dayNumber">
                x
              </Text>
            </Box>
            <Box as="li" borderWidth="1px" borderColor="brand.solid" borderRadius="md" p="1" minH="16" bg="bg.muted" textAlign="center" data-style="dayTodayHoliday">
              <Text fontSize="2xs" color="fg.error" fontWeight="bold" whiteSpace="nowrap" data-style="holidayMark">
                x
              </Text>
            </Box>
            <Box as="li" borderWidth="1px" borderColor="border" borderRadius="md" p="1" minH="16" bg="bg" textAlign="center" data-style="day">
              <Text fontSize="2xs" color="reserved.fg" fontWeight="bold" bg="reserved.subtle" borderRadius="sm" whiteSpace="nowrap" data-style="reservationMark">
                x
              </Text>
            </Box>
            <Box as="li" borderWidth="1px" borderColor="border" borderRadius="md" p="1" minH="16" bg="bg.muted" textAlign="center" data-style="dayHoliday" />
          </Grid>
          <HStack gap="4" fontSize="xs" data-style="legend">
            <HStack gap="1" data-style="legendItem">
              <Box boxSize="3" bg="bg.muted" borderWidth="1px" data-style="legendHoliday" />
              <Box boxSize="3" bg="reserved.subtle" borderWidth="1px" data-style="legendReservation" />
            </HStack>
          </HStack>
        </Stack>

        {/* coupon-list.tsx */}
        <Stack gap="4" data-style="stack4">
          <Stack as="ul" gap="2" listStyleType="none" p="0" m="0" data-style="coupons">
            <Card.Root as="li" size="sm" data-style="card">
              <Card.Body gap="1" data-style="cardBodyGap1">
                <Badge colorPalette="brand" data-style="couponBadge">
                  x
                </Badge>
              </Card.Body>
            </Card.Root>
          </Stack>
          <Box bg="bg.muted" borderRadius="l2" p="4" data-style="guide">
            <Heading as="h3" size="sm" mb="2" data-style="guideTitle">
              x
            </Heading>
            <List.Root as="ol" gap="1" fontSize="sm" ps="5" data-style="guideList">
              <List.Item data-style="guideItem">x</List.Item>
            </List.Root>
          </Box>
        </Stack>
      </Stack>
    </Stack>
  </Stack>
)
