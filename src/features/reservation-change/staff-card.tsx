import { Badge, HStack, Image, Stack, Text } from '@chakra-ui/react'
import type { StaffProfile } from '../../../contract/entities'
import { isNewStaff, staffRatio } from '../../../machines/reservation-change/schedule-slots'
import { scheduleText as t } from '../../text/schedule'

/** Our own artwork, shown when a consultant has no image or it fails to load (product.md §2). */
export const FALLBACK_STAFF_IMAGE = '/images/staff/no-image.svg'

/** 1–5 stars of a consultant's average score (product.md §2, §9: ratings are 5 stars). */
export function Stars({ score }: { score: number }) {
  const filled = Math.max(0, Math.min(5, Math.round(score)))
  return (
    <Text as="span" role="img" aria-label={t.stars(filled)} color="orange.400" letterSpacing="tight" fontSize="sm">
      {'★'.repeat(filled)}
      <Text as="span" color="gray.300">
        {'★'.repeat(5 - filled)}
      </Text>
    </Text>
  )
}

/** A consultant's row header: image, nickname, age, gender, stars, support count and ratio. */
export function StaffCard({ staff }: { staff: StaffProfile }) {
  return (
    <HStack gap="2" align="center" minW="44">
      <Image
        src={staff.staffImageUrl || FALLBACK_STAFF_IMAGE}
        onError={(e) => {
          if (!e.currentTarget.src.endsWith(FALLBACK_STAFF_IMAGE)) e.currentTarget.src = FALLBACK_STAFF_IMAGE
        }}
        alt={t.staffImageAlt(staff.staffNickname)}
        boxSize="12"
        borderRadius="full"
        objectFit="cover"
        flexShrink={0}
      />
      <Stack gap="0" fontSize="xs" lineHeight="1.4">
        <Text fontWeight="bold" fontSize="sm">
          {staff.staffNickname}
        </Text>
        <Text color="fg.muted">
          {t.age(staff.staffAge)} / {t.gender[staff.staffGender]}
        </Text>
        {isNewStaff(staff) ? (
          // product.md §9 gives a ratio of 0 here; shown as 0 grey stars and 0 % it reads as a failure.
          <HStack gap="1">
            <Badge colorPalette="brand" variant="subtle" size="sm">
              {t.newStaff}
            </Badge>
            <Text as="span" color="fg.muted">
              {t.newStaffNote}
            </Text>
          </HStack>
        ) : (
          <>
            <Stars score={staff.averageScore} />
            <Text color="fg.muted">
              {t.supportCount(staff.supportCompleteCount)} {t.ratio(staffRatio(staff.supportCompleteCount, staff.supportUnSolvedCount))}
            </Text>
          </>
        )}
      </Stack>
    </HStack>
  )
}
