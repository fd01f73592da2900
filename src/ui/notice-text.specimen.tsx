import { Link, Stack, Text } from '@chakra-ui/react'

/**
 * How a notice's text looks (src/ui/notice-text.tsx), written with Chakra and the app's theme: the
 * source of its static styles (decision 102, `npm run styles`). The text is plain React with these
 * classes, so the home page draws its notices without Chakra's runtime; the staff notice editor's
 * preview draws the same. A link inside the site and one to another site look alike.
 */
export const noticeTextSpecimen = (
  <Stack gap="2" data-style="noticeText">
    <Text fontSize="sm" data-style="noticeParagraph">
      x
      <Link href="/" colorPalette="brand" textDecoration="underline" wordBreak="break-all" data-style="noticeLink">
        x
      </Link>
    </Text>
  </Stack>
)
