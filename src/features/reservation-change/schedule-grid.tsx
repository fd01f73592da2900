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
} from '../../../machines/reservation-change/schedule-slots'
import { scheduleText as t } from '../../text/schedule'
import { StaffCard } from './staff-card'

export type ScheduleGridProps = {
  view: ScheduleView
  band: Band
  selected: SlotChoice | null
  onSelect: (choice: SlotChoice) => void
  /** While the chart is busy (updating, reloading) no cell can be chosen. */
  disabled?: boolean
  /** The reservation being changed (day `YYYYMMDD`, cell `hh-mm`, its consultant): its cell is marked. */
  current?: { ymd: string; time: string; staffId: string | null } | null
}

/**
 * The consultant grid (product.md §2 "Staff schedule grid"): 8 half-hour columns of the chosen band;
 * the no-preference row first, then each consultant free at some time of the day. Only open
 * cells are buttons; which cell is open is the chart's own rule (machines/reservation-change/schedule-slots.ts).
 *
 * Below 768 px the same table is restyled as one card per consultant: the column
 * headers hide, the row header spans the card and the 8 cells wrap 4 a line, each showing its own
 * time. One DOM for both widths (no breakpoint hook, so no layout shift, and the cells keep their
 * names `10:30 さくら 予約可能` for keyboard, screen readers and tests).
 */
export function ScheduleGrid({ view, band, selected, onSelect, disabled = false, current = null }: ScheduleGridProps) {
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
  // In the consultant's row the reservation holds (a 指名なし booking has one assigned too).
  const isCurrent = (rowId: string, time: string) =>
    current !== null && current.ymd === view.schedule.selectDate && current.staffId === rowId && current.time === time

  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="l2">
      <chakra.table w="full" fontSize="sm" borderCollapse="collapse" display={{ base: 'block', md: 'table' }}>
        {/* A block on a phone: as a table caption inside a block table it shrank to one glyph a line. */}
        <chakra.caption display={{ base: 'block', md: 'table-caption' }} style={{ captionSide: 'bottom', padding: '8px', fontSize: '12px', textAlign: 'left' }}>
          {t.gridCaption}
        </chakra.caption>
        <chakra.thead display={{ base: 'none', md: 'table-header-group' }}>
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
        </chakra.thead>
        <chakra.tbody display={{ base: 'block', md: 'table-row-group' }}>
          {rows.map((row) => (
            <chakra.tr
              key={row.id}
              borderTopWidth="1px"
              data-row={row.id}
              display={{ base: 'grid', md: 'table-row' }}
              gridTemplateColumns="repeat(4, minmax(0, 1fr))"
              gap="1"
              p={{ base: '2', md: '0' }}
            >
              <chakra.th
                scope="row"
                position={{ base: 'static', md: 'sticky' }}
                left="0"
                bg="bg"
                zIndex="1"
                p={{ base: '0', md: '2' }}
                pb={{ base: '1', md: '2' }}
                gridColumn="1 / -1"
                textAlign="left"
                fontWeight="normal"
              >
                {row.header}
              </chakra.th>
              {keys.map((time) => {
                const choice = row.choice(time)
                const open = isSlotOpen(view, choice)
                const here = isCurrent(row.id, time)
                const label = here ? t.currentSlotLabel(t.cellLabel(slotLabel(time), row.who, open)) : t.cellLabel(slotLabel(time), row.who, open)
                return (
                  <chakra.td
                    key={time}
                    textAlign="center"
                    p="1"
                    display={{ base: 'block', md: 'table-cell' }}
                    data-current={here || undefined}
                    outline={here ? '2px dashed' : undefined}
                    outlineColor={here ? 'orange.solid' : undefined}
                    outlineOffset="-2px"
                    borderRadius="l1"
                  >
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
                        w={{ base: 'full', md: 'auto' }}
                        px={{ base: '1', md: '2.5' }}
                      >
                        <CellTime time={time} />○
                      </Button>
                    ) : (
                      <Text as="span" role="img" aria-label={label} color="fg.subtle" display="inline-block" minW="10" lineHeight="2">
                        <CellTime time={time} />×
                      </Text>
                    )}
                    {here && (
                      <Text aria-hidden="true" fontSize="2xs" color="orange.fg" fontWeight="bold" lineHeight="1.2" whiteSpace="nowrap">
                        {t.currentSlot}
                      </Text>
                    )}
                  </chakra.td>
                )
              })}
            </chakra.tr>
          ))}
        </chakra.tbody>
      </chakra.table>
    </Box>
  )
}

/** The cell's own time, shown on a phone where the column headers are hidden (its name has it already). */
function CellTime({ time }: { time: string }) {
  return (
    <Box as="span" hideFrom="md" aria-hidden="true" fontSize="xs" me="1">
      {slotLabel(time)}
    </Box>
  )
}
