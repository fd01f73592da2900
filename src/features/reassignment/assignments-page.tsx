import { Badge, Box, Button, chakra, Heading, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { Consultation } from '../../../contract/staff-calls'
import type { ReassignmentActorRef } from '../../../machines/reassignment/reassignment-machine'
import { assignmentsText as t } from '../../text/staff'
import { liveFirst, StatusBadge, whenLabel } from '../../ui/staff-consultation'

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
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={t.title}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t.columns.time}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.member}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.ticket}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.preference}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.consultant}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.action}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((a) => (
                <Table.Row
                  key={a.ticketNumber}
                  data-ticket-number={a.ticketNumber}
                  data-staff-id={a.staffId}
                  data-state={a.state}
                  bg={a.state !== 'live' ? 'bg.muted' : a.noPreference ? 'orange.subtle' : undefined}
                  color={a.state !== 'live' ? 'fg.muted' : undefined}
                >
                  <Table.Cell whiteSpace="nowrap">
                    <Box textDecoration={a.state !== 'live' ? 'line-through' : undefined}>{whenLabel(a)}</Box>
                    {/* A narrow screen scrolls the table sideways: the mark sits beside the time, always in view. */}
                    {a.state !== 'live' && <StatusBadge consultation={a} />}
                  </Table.Cell>
                  <Table.Cell>{a.memberName}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{a.ticketNumber}</Table.Cell>
                  <Table.Cell>
                    {a.noPreference ? (
                      <Badge colorPalette="orange" variant="outline" fontWeight="bold">
                        {t.noPreference}
                      </Badge>
                    ) : (
                      t.named
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Box>{a.staffNickname}</Box>
                    {a.state === 'live' && <StatusBadge consultation={a} />}
                  </Table.Cell>
                  <Table.Cell>
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
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  )
}
