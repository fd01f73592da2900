import { Button, HStack } from '@chakra-ui/react'
import { bands, type Band } from '../../../machines/reservation-change/schedule-slots'
import { scheduleText as t } from '../../text/schedule'

/** The three time bands of product.md §9 (morning by default). */
export function BandPicker({ band, onSelect, disabled = false }: { band: Band; onSelect: (band: Band) => void; disabled?: boolean }) {
  return (
    <HStack gap="2" role="group" aria-label={t.bandHeading} flexWrap="wrap">
      {bands.map((b) => (
        <Button
          key={b}
          size="sm"
          variant={b === band ? 'solid' : 'outline'}
          colorPalette="brand"
          aria-pressed={b === band}
          disabled={disabled}
          onClick={() => onSelect(b)}
        >
          {t.bands[b]}
        </Button>
      ))}
    </HStack>
  )
}
