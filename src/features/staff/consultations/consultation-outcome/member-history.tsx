import { Box, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import type { EarlierConsultation, MemberConsultationsResponse } from '../../../../../contract/staff-calls'
import { memberHistoryText as t } from '../../../../text/staff'
import { StatusBadge, whenLabel } from '../../../../ui/staff-consultation'

/**
 * この会員のこれまでの相談: the member's earlier consultations (staff call member-consultations),
 * newest first, each with its date, consultant, outcome, minutes and staff-only notes, so the
 * consultant knows what was tried before they call.
 */
export function MemberHistory({ history }: { history: MemberConsultationsResponse | 'loading' | 'failed' }) {
  return (
    <Box as="section" aria-label={t.title}>
      <Text fontWeight="bold" mb="2">
        {t.title}
      </Text>
      {history === 'loading' ? (
        <HStack gap="2" color="fg.muted">
          <Spinner size="sm" />
          <Text fontSize="sm">{t.loading}</Text>
        </HStack>
      ) : history === 'failed' ? (
        <Text fontSize="sm" color="fg.error">
          {t.failed}
        </Text>
      ) : history.earlier.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t.empty}
        </Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
          {history.earlier.map((e) => (
            <Earlier key={e.ticketNumber} e={e} />
          ))}
          {history.more && (
            <Text as="li" fontSize="sm" color="fg.muted">
              {t.more}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  )
}

function Earlier({ e }: { e: EarlierConsultation }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="2.5" bg="bg" fontSize="sm" data-ticket-number={e.ticketNumber}>
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="medium">{whenLabel(e)}</Text>
        <Text color="fg.muted">
          {t.consultant}：{e.staffNickname}
        </Text>
        {/* An earlier consultation is over: refunded, or live with its outcome (docs/server.md "Consultation state"). */}
        <StatusBadge consultation={{ ...e, state: e.refunded ? 'refunded' : 'live' }} />
        <Text color="fg.muted">{t.minutesUsed(e.minutesUsed, e.minutes)}</Text>
      </HStack>
      {e.unsolvedAfterFollowContent && (
        <Text mt="1" whiteSpace="pre-wrap" wordBreak="break-word">
          {t.followUp}：{e.unsolvedAfterFollowContent}
        </Text>
      )}
      {e.caseNote && (
        <Text mt="1" whiteSpace="pre-wrap" wordBreak="break-word">
          {t.caseNote}：{e.caseNote}
        </Text>
      )}
    </Box>
  )
}
