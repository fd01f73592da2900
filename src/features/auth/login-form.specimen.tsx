import { Alert, Button, chakra, Field, Input, Link, Stack, Text } from '@chakra-ui/react'

/**
 * How the login form looks, written with Chakra and the app's theme: the source of its static
 * styles (docs/performance.md "The login page's own start", decision 102). `npm run styles` renders
 * this with Chakra and writes the class of each `data-style` element and the CSS of them all to
 * login-form.styles.gen.{ts,css}; the form itself (login-form.tsx) is plain React with those
 * classes, so /login needs neither Chakra's runtime nor its theme in the browser. A
 * `data-style-html` element's content (an icon) is kept as markup, and `data-style-parts` names
 * the classes of an element's descendants (the loading button's text and spinner).
 * Every state the form can show is here: the error, the coupon note, the button idle and loading.
 */
export const loginFormSpecimen = (
  <chakra.form noValidate w="full" data-style="form">
    <Stack gap="5" data-style="stack">
      {/* As src/ui/error-banner.tsx renders a title alone. */}
      <Alert.Root status="error" role="alert" data-style="errorBanner">
        <Alert.Indicator data-style="errorIcon" data-style-html="errorIcon" />
        <Alert.Title data-style="alertTitle">x</Alert.Title>
      </Alert.Root>
      <Alert.Root status="info" data-style="couponNote">
        <Alert.Indicator data-style="couponIcon" data-style-html="couponIcon" />
        <Alert.Content data-style="alertContent">
          <Alert.Title data-style="alertTitle">x</Alert.Title>
          <Alert.Description data-style="alertDescription">x</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Field.Root data-style="field">
        <Field.Label data-style="label">x</Field.Label>
        <Input type="email" data-style="input" />
      </Field.Root>
      <Button type="submit" colorPalette="brand" size="lg" data-style="button">
        x
      </Button>
      <Button type="submit" colorPalette="brand" size="lg" loading loadingText="x" data-style="buttonLoading" data-style-parts="loadingText spinner" />
      <Stack gap="2" textAlign="center" fontSize="sm" data-style="links">
        <Link color="brand.fg" href="/" data-style="link">
          x
        </Link>
        <Text color="fg.muted" data-style="muted">
          x
        </Text>
      </Stack>
    </Stack>
  </chakra.form>
)
