import { Badge, Box, Button, chakra, Heading, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { Consultation } from '../../../../../contract/staff-calls'
import type { ReassignmentActorRef } from '../../../../../machines/reassignment/reassignment-machine'
import { assignmentsText as t } from '../../../../text/staff'
import { liveFirst, StatusBadge, whenLabel } from '../../../../ui/staff-consultation'
import { StaffTable } from '../../../../ui/staff-table'

/**
 * 割り当て: every future booking with who holds it; 指名なし ones are highlighted (and can be the
 * only ones shown). 担当を変更 opens the reassignment flow for that booking.
 */
export function AssignmentsPage({ assignments, reassignment }: { assignments: Consultation[]; reassignment: ReassignmentActorRef }) {
  const [onlyUnnamed, setOnlyUnnamed] = useState(false)
  // Refunded and cancelled bookings after the live ones, muted and without 担当を変更
  // (docs/server.md "Consultation state"): the reassignment flow is never offered one.
  const rows = liveFirst(onlyUnnamed ? assignments.filter((a) => a.noPreference) : assignments)
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      <chakra.label display="flex" alignItems="center" gap="2" alignSelf="start" cursor="pointer">
        <chakra.input type="checkbox" checked={onlyUnnamed} onChange={(e) => setOnlyUnnamed(e.target.checked)} w="4" h="4" accentColor="teal.600" />
        {t.onlyUnnamed}
      </chakra.label>
      {rows.length === 0 ? (
        <Text color="fg.muted">{t.empty}</Text>
      ) : (
        <StaffTable.Root label={t.title}>
          <StaffTable.Header>
            <StaffTable.HeaderRow>
              <StaffTable.ColumnHeader>{t.columns.time}</StaffTable.ColumnHeader>
              <StaffTable.ColumnHeader>{t.columns.member}</StaffTable.ColumnHeader>
              <StaffTable.ColumnHeader>{t.columns.ticket}</StaffTable.ColumnHeader>
              <StaffTable.ColumnHeader>{t.columns.preference}</StaffTable.ColumnHeader>
              <StaffTable.ColumnHeader>{t.columns.consultant}</StaffTable.ColumnHeader>
              <StaffTable.ColumnHeader>{t.columns.action}</StaffTable.ColumnHeader>
            </StaffTable.HeaderRow>
          </StaffTable.Header>
          <StaffTable.Body>
            {rows.map((a) => (
              <StaffTable.Row
                key={a.ticketNumber}
                data-ticket-number={a.ticketNumber}
                data-staff-id={a.staffId}
                data-state={a.state}
                bg={a.state !== 'live' ? 'bg.muted' : a.noPreference ? 'orange.subtle' : undefined}
                color={a.state !== 'live' ? 'fg.muted' : undefined}
              >
                <StaffTable.Cell label={t.columns.time} whiteSpace="nowrap">
                  <Box textDecoration={a.state !== 'live' ? 'line-through' : undefined}>{whenLabel(a)}</Box>
                  {/* The mark sits beside the time: the first thing read, as a card on a phone too. */}
                  {a.state !== 'live' && <StatusBadge consultation={a} />}
                </StaffTable.Cell>
                <StaffTable.Cell label={t.columns.member}>{a.memberName}</StaffTable.Cell>
                <StaffTable.Cell label={t.columns.ticket} whiteSpace="nowrap">{a.ticketNumber}</StaffTable.Cell>
                <StaffTable.Cell label={t.columns.preference}>
                  {a.noPreference ? (
                    <Badge colorPalette="orange" variant="outline" fontWeight="bold">
                      {t.noPreference}
                    </Badge>
                  ) : (
                    t.named
                  )}
                </StaffTable.Cell>
                <StaffTable.Cell label={t.columns.consultant}>
                  <Box>{a.staffNickname}</Box>
                  {a.state === 'live' && <StatusBadge consultation={a} />}
                </StaffTable.Cell>
                <StaffTable.Cell label={t.columns.action}>
                  {a.state === 'live' && (
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={`${t.reassign}：${a.ticketNumber}`}
                      onClick={() => reassignment.send({ type: 'booking.pick', ticketNumber: a.ticketNumber })}
                    >
                      {t.reassign}
                    </Button>
                  )}
                </StaffTable.Cell>
              </StaffTable.Row>
            ))}
          </StaffTable.Body>
        </StaffTable.Root>
      )}
    </Stack>
  )
}
