import { Text } from '@chakra-ui/react'
import { NativeSelect } from './later-recipes/native-select'
import { deskCommonText as c } from '../text/desk'

/** A labelled filter of a few fixed values, `''` for all of them. */
export function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: Record<string, string>; onChange: (value: string) => void }) {
  return (
    <label>
      <Text as="span" fontSize="sm" display="block" mb="1">
        {label}
      </Text>
      <NativeSelect.Root size="sm" width="48">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{c.all}</option>
          {Object.entries(options).map(([key, text]) => (
            <option key={key} value={key}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </label>
  )
}
