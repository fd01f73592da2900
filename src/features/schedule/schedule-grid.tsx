import { Box, Button, chakra, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import {
  availableStaff,
  bandSlotKeys,
  isSlotOpen,
  nobodyAvailable,
  slotLabel,
  type Band,
  type ScheduleView,
  type SlotChoice,
} from '../../../machines/schedule-slots'
import { scheduleText as t } from '../../text/schedule'
import { StaffCard } from './staff-card'

export type ScheduleGridProps = {
  view: ScheduleView
  band: Band
  selected: SlotChoice | null
  onSelect: (choice: SlotChoice) => void
  /** While the chart is busy (updating, reloading) no cell can be chosen. */
  disabled?: boolean
}

/**
 * The consultant grid (spec §2 "Staff schedule grid"): 8 half-hour columns of the chosen band;
 * the no-preference row first, then each consultant free at some time of the day. Only open
 * cells are buttons; which cell is open is the chart's own rule (machines/schedule-slots.ts).
 */
export function ScheduleGrid({ view, band, selected, onSelect, disabled = false }: ScheduleGridProps) {
  if (nobodyAvailable(view)) {
    return (
      <Box role="status" p="6" borderWidth="1px" borderRadius="l2" bg="bg.muted" textAlign="center">
        <Text>{t.nobodyAvailable}</Text>
      </Box>
    )
  }
  const keys = bandSlotKeys(band)
  const rows: Array<{ id: string; who: string; header: ReactNode; choice: (time: string) => SlotChoice }> = [
    {
      id: 'noAssign',
      who: t.noPreference,
      header: (
        <Box minW="44">
          <Text fontWeight="bold" fontSize="sm">
            {t.noPreference}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t.noPreferenceNote}
          </Text>
        </Box>
      ),
      choice: (time) => ({ slotType: 'noAssign', time, staffId: null, staffNickname: null }),
    },
    ...availableStaff(view).map((s) => ({
      id: s.staffId,
      who: s.staffNickname,
      header: <StaffCard staff={s} />,
      choice: (time: string): SlotChoice => ({ slotType: 'withStaff', time, staffId: s.staffId, staffNickname: s.staffNickname }),
    })),
  ]
  const isSelected = (c: SlotChoice) => selected?.slotType === c.slotType && selected.staffId === c.staffId && selected.time === c.time

  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="l2">
      <chakra.table w="full" fontSize="sm" borderCollapse="collapse">
        <caption style={{ captionSide: 'bottom', padding: '8px', fontSize: '12px', textAlign: 'left' }}>{t.gridCaption}</caption>
        <thead>
          <tr>
            <chakra.th position="sticky" left="0" bg="bg" zIndex="1" p="2" textAlign="left" scope="col">
              {t.gridHeading}
            </chakra.th>
            {keys.map((k) => (
              <chakra.th key={k} scope="col" p="1" fontWeight="normal" color="fg.muted" minW="12">
                {slotLabel(k)}
              </chakra.th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <chakra.tr key={row.id} borderTopWidth="1px" data-row={row.id}>
              <chakra.th scope="row" position="sticky" left="0" bg="bg" zIndex="1" p="2" textAlign="left" fontWeight="normal">
                {row.header}
              </chakra.th>
              {keys.map((time) => {
                const choice = row.choice(time)
                const open = isSlotOpen(view, choice)
                const label = t.cellLabel(slotLabel(time), row.who, open)
                return (
                  <chakra.td key={time} textAlign="center" p="1">
                    {open ? (
                      <Button
                        size="sm"
                        variant={isSelected(choice) ? 'solid' : 'outline'}
                        colorPalette="brand"
                        aria-label={label}
                        aria-pressed={isSelected(choice)}
                        disabled={disabled}
                        onClick={() => onSelect(choice)}
                        minW="10"
                      >
                        ○
                      </Button>
                    ) : (
                      <Text as="span" role="img" aria-label={label} color="fg.subtle" display="inline-block" minW="10">
                        ×
                      </Text>
                    )}
                  </chakra.td>
                )
              })}
            </chakra.tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  )
}
