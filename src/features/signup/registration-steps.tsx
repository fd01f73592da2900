import { Box, Grid, Text } from '@chakra-ui/react'
import { registrationStepsText } from '../../text/account'

/** The 4-step progress of the signup (product.md §2 /registeration-temp): `current` is 0-based. */
export function RegistrationSteps({ current }: { current: number }) {
  return (
    // Four steps of 「2. メール送信」 do not fit 390 px in one row: two rows of two on a phone, each
    // step on one line (it broke as 「メール送 / 信」).
    <Grid as="ol" aria-label={registrationStepsText.label} templateColumns={{ base: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }} gap="2" mb="6" listStyleType="none">
      {registrationStepsText.steps.map((step, i) => (
        <Box
          as="li"
          key={step}
          textAlign="center"
          py="2"
          borderBottomWidth="3px"
          borderColor={i <= current ? 'brand.solid' : 'border'}
          aria-current={i === current ? 'step' : undefined}
        >
          <Text fontSize="xs" whiteSpace="nowrap" color={i <= current ? 'brand.fg' : 'fg.muted'} fontWeight={i === current ? 'bold' : 'normal'}>
            {i + 1}. {step}
          </Text>
        </Box>
      ))}
    </Grid>
  )
}
