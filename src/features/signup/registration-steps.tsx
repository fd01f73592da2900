import { Box, Flex, Text } from '@chakra-ui/react'
import { registrationStepsText } from '../../text/account'

/** The 4-step progress of the signup (product.md §2 /registeration-temp): `current` is 0-based. */
export function RegistrationSteps({ current }: { current: number }) {
  return (
    <Flex as="ol" aria-label={registrationStepsText.label} gap="2" mb="6" listStyleType="none">
      {registrationStepsText.steps.map((step, i) => (
        <Box
          as="li"
          key={step}
          flex="1"
          textAlign="center"
          py="2"
          borderBottomWidth="3px"
          borderColor={i <= current ? 'brand.solid' : 'border'}
          aria-current={i === current ? 'step' : undefined}
        >
          <Text fontSize="xs" color={i <= current ? 'brand.fg' : 'fg.muted'} fontWeight={i === current ? 'bold' : 'normal'}>
            {i + 1}. {step}
          </Text>
        </Box>
      ))}
    </Flex>
  )
}
