import { Box, Button, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { externalLinks } from '../../external-links'
import { footerText } from '../../text/layout'

const external = { target: '_blank', rel: 'noopener noreferrer' } as const

const sectionLinks = [
  { href: externalLinks.marketing.staff, label: footerText.sections.staff },
  { href: externalLinks.marketing.flow, label: footerText.sections.flow },
  { href: externalLinks.marketing.support, label: footerText.sections.support },
  { href: externalLinks.marketing.plans, label: footerText.sections.plans },
  { href: externalLinks.marketing.faq, label: footerText.sections.faq },
]

const legalLinks = [
  { href: externalLinks.operator, label: footerText.operator },
  { href: externalLinks.terms, label: footerText.terms },
  { href: externalLinks.privacy, label: footerText.privacy },
  { href: externalLinks.commercialLaw, label: footerText.commercialLaw },
  { href: externalLinks.remoteSupport, label: footerText.remoteSupport },
]

const socialLinks = [
  { href: externalLinks.social.x, label: 'X' },
  { href: externalLinks.social.instagram, label: 'Instagram' },
  { href: externalLinks.social.line, label: 'LINE' },
]

/** The footer (product.md §2): contact, marketing-site sections, social, operator and legal links. */
export function AppFooter() {
  return (
    <Box as="footer" bg="gray.800" color="gray.100" mt="auto" py="10">
      <Container maxW="6xl">
        <Stack gap="8">
          <Flex justify="center">
            <Button asChild colorPalette="brand" size="lg">
              <a href={externalLinks.contact} {...external}>
                {footerText.contactButton}
              </a>
            </Button>
          </Flex>
          <Stack as="nav" aria-label={footerText.footerNav} gap="4" fontSize="sm">
            <Flex wrap="wrap" gap="4" justify="center">
              {sectionLinks.map((link) => (
                <Link key={link.href} href={link.href} color="inherit" {...external}>
                  {link.label}
                </Link>
              ))}
            </Flex>
            <Flex wrap="wrap" gap="4" justify="center">
              {legalLinks.map((link) => (
                <Link key={link.href} href={link.href} color="inherit" {...external}>
                  {link.label}
                </Link>
              ))}
            </Flex>
            <HStack justify="center" gap="4" aria-label={footerText.social}>
              {socialLinks.map((link) => (
                <Link key={link.href} href={link.href} color="inherit" {...external}>
                  {link.label}
                </Link>
              ))}
            </HStack>
          </Stack>
          <Text textAlign="center" fontSize="xs" color="gray.400">
            {footerText.copyright}
          </Text>
        </Stack>
      </Container>
    </Box>
  )
}
