import { Alert, Badge, Box, Button, Field, HStack, RadioGroup, Separator, Stack, Text, Textarea } from '@chakra-ui/react'
import { NativeSelect } from '../../ui/later-recipes/native-select'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, type ComponentType } from 'react'
import type { CheckoutActorRef } from '../../../machines/checkout/checkout-machine'
import { checkoutView } from '../../../machines/checkout/checkout-view'
import { osOptions, showsDeviceChoices, showsSupportMethod } from '../../../machines/checkout/checkout-rules'
import type { CardFieldsProps } from '../../adapters/payment/payment-port'
import type { ChargeDataResponse } from '../../../contract/calls'
import type { ContactDevice, ContactOs, ProductType, RemoteSupport, SupportType } from '../../../contract/entities'
import { CONCERN_MAX } from '../../../contract/fields'
import { buyText } from '../../text/checkout'
import { PageCard } from '../../ui/page-card'
import { PageSpinner } from '../../ui/page-spinner'
import { CheckoutCardSection } from './checkout-card-section'
import { formatReservationTime } from './checkout-params'
import { CheckoutDialogs } from './checkout-dialogs'
import { scrollTargets } from './use-checkout-actor'

const yenOrFree = (n: number) => (n === 0 ? buyText.free : buyText.yen(n))

/** /buy (product.md §2 "/buy details"): renders the checkout chart's snapshot, sections in the spec's order. */
export function CheckoutPage({ actor, CardFields }: { actor: CheckoutActorRef; CardFields: ComponentType<CardFieldsProps> }) {
  // No form yet (a reload of an attempt already sent is asked about first), or the member is being
  // sent to another page than the complete one.
  const loading = useSelector(actor, checkoutView.isLoading)
  const data = useSelector(actor, (s) => s.context.chargeData)
  if (loading || !data) return <><PageSpinner /><CheckoutDialogs actor={actor} /></>
  const type = data.product.productType
  return (
    <PageCard title={buyText.title}>
      <Stack gap="8">
        <OrderSummary actor={actor} data={data} />
        <CouponList actor={actor} />
        <Choices actor={actor} type={type} />
        <Separator />
        <CheckoutCardSection actor={actor} CardFields={CardFields} />
        <Button asChild variant="outline" alignSelf="start">
          {type === 'SUPPORT' ? (
            <Link to="/support/staff" search={{ productId: data.product.productId }}>{buyText.back}</Link>
          ) : (
            <Link to="/">{buyText.back}</Link>
          )}
        </Button>
      </Stack>
      <CheckoutDialogs actor={actor} />
    </PageCard>
  )
}

function OrderSummary({ actor, data }: { actor: CheckoutActorRef; data: ChargeDataResponse }) {
  const { product, staff } = data
  const reservationTime = useSelector(actor, (s) => s.context.params.reservationTime)
  const applied = useSelector(actor, (s) => s.context.applied)
  const due = useSelector(actor, checkoutView.amountDue)
  const when = product.productType === 'SUPPORT' ? formatReservationTime(reservationTime) : null
  const rows: Array<[string, string]> = [[buyText.product, product.productName]]
  if (product.minutesToSupport > 0 && product.productType !== 'TIP') rows.push(['', buyText.minutes(product.minutesToSupport)])
  if (when) rows.push([buyText.reservationTime, when], [buyText.staff, staff?.staffNickname ?? buyText.noPreference])
  // An extension names the consultation it extends (charge-data's parent): date, time, consultant, ticket.
  if (product.productType === 'ADD' && data.parent) {
    const parentWhen = formatReservationTime(data.parent.reservationTime)
    rows.push(
      [buyText.extendedConsultation, [parentWhen, data.parent.staffNickname].filter(Boolean).join(' ')],
      [buyText.extendedTicket, data.parent.ticketNumber],
    )
  }
  // A tip names the consultant being tipped (the rated ticket's, from charge-data).
  if (product.productType === 'TIP' && staff) rows.push([buyText.tippedStaff, staff.staffNickname])
  if (applied) rows.push([buyText.priceBeforeCoupon, yenOrFree(product.price)])
  rows.push([buyText.price, yenOrFree(due)])
  return (
    <Box as="section" aria-label={buyText.summaryTitle}>
      <Text fontWeight="bold" fontSize="lg" mb="3">{buyText.summaryTitle}</Text>
      <Stack as="dl" gap="1">
        {rows.map(([k, v]) => (
          <HStack key={`${k}${v}`} justify="space-between">
            <Text as="dt" color="fg.muted">{k}</Text>
            <Text as="dd" fontWeight={k === buyText.price ? 'bold' : undefined} data-testid={k === buyText.price ? 'checkout-price' : undefined}>{v}</Text>
          </HStack>
        ))}
      </Stack>
    </Box>
  )
}

function CouponList({ actor }: { actor: CheckoutActorRef }) {
  const coupons = useSelector(actor, (s) => s.context.coupons)
  const applied = useSelector(actor, (s) => s.context.applied?.couponCode ?? null)
  const notice = useSelector(actor, (s) => s.context.couponNotice)
  const checking = useSelector(actor, checkoutView.isCheckingCoupon)
  const idle = useSelector(actor, (s) => s.can({ type: 'coupon.select', couponCode: '' }))
  const canClear = useSelector(actor, (s) => s.can({ type: 'coupon.clear' }))
  // 「使わない」 disappears with the coupon taken off; the focus goes to that row's use button.
  const cleared = useRef<string | null>(null)
  const useButtons = useRef(new Map<string, HTMLButtonElement>())
  useEffect(() => {
    if (applied !== null || cleared.current === null) return
    useButtons.current.get(cleared.current)?.focus()
    cleared.current = null
  }, [applied])
  if (coupons.length === 0 && notice !== 'denied') return null
  return (
    <Box as="section" id={scrollTargets.coupons} aria-label={buyText.couponTitle}>
      <Text fontWeight="bold" fontSize="lg" mb="3">{buyText.couponTitle}</Text>
      {notice && (
        <Alert.Root status={notice === 'applied' ? 'success' : 'warning'} role="status" mb="3">
          <Alert.Indicator />
          <Alert.Title>{notice === 'applied' ? buyText.couponApplied : notice === 'denied' ? buyText.couponDenied : buyText.couponUnavailable}</Alert.Title>
        </Alert.Root>
      )}
      <Stack gap="2">
        {coupons.map((c) => {
          const isApplied = applied === c.couponCode
          return (
            <HStack
              key={c.couponCode}
              data-testid="checkout-coupon"
              data-applied={isApplied || undefined}
              borderWidth={isApplied ? '2px' : '1px'}
              borderRadius="l2"
              p="3"
              gap="3"
              flexWrap="wrap"
              justify="space-between"
              borderColor={isApplied ? 'brand.solid' : undefined}
              bg={isApplied ? 'brand.subtle' : undefined}
            >
              <HStack gap="2" flexWrap="wrap" minW="0">
                <Text>{c.couponName}</Text>
                {isApplied && (
                  <Badge colorPalette="brand" variant="solid">
                    {buyText.couponAppliedBadge}
                  </Badge>
                )}
              </HStack>
              {isApplied ? (
                <Button
                  size="sm"
                  colorPalette="brand"
                  variant="outline"
                  aria-label={buyText.couponRemoveLabel(c.couponName)}
                  disabled={!canClear}
                  onClick={() => {
                    cleared.current = c.couponCode
                    actor.send({ type: 'coupon.clear' })
                  }}
                >
                  {buyText.couponRemove}
                </Button>
              ) : (
                <Button
                  ref={(el) => { if (el) useButtons.current.set(c.couponCode, el); else useButtons.current.delete(c.couponCode) }}
                  size="sm"
                  colorPalette="brand"
                  variant="outline"
                  loading={checking}
                  disabled={!idle}
                  onClick={() => actor.send({ type: 'coupon.select', couponCode: c.couponCode })}
                >
                  {buyText.couponUse}
                </Button>
              )}
            </HStack>
          )
        })}
      </Stack>
    </Box>
  )
}

function Choices({ actor, type }: { actor: CheckoutActorRef; type: ProductType }) {
  const reserveNow = useSelector(actor, (s) => s.context.params.reserveNow)
  const form = useSelector(actor, (s) => s.context.form)
  const tooLong = form.concernText.length > CONCERN_MAX
  const select = <T extends string>(label: string, value: T | null, options: T[], names: Record<T, string>, send: (v: T | null) => void) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value ?? ''} onChange={(e) => send((e.currentTarget.value || null) as T | null)}>
          <option value="">{buyText.selectPlaceholder}</option>
          {options.map((o) => <option key={o} value={o}>{names[o]}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
  return (
    <Stack gap="5">
      {type === 'SUPPORT' && (
        <Field.Root invalid={tooLong}>
          <Field.Label>{buyText.concernLabel}</Field.Label>
          <Textarea rows={4} value={form.concernText} onChange={(e) => actor.send({ type: 'concern.change', value: e.target.value })} />
          {tooLong ? <Field.ErrorText>{buyText.concernTooLong}</Field.ErrorText> : <Field.HelperText>{buyText.concernHint}</Field.HelperText>}
        </Field.Root>
      )}
      {showsDeviceChoices(type) && (
        <>
          {select<ContactDevice>(buyText.deviceLabel, form.device, ['PC', 'SMARTPHONE', 'TABLET'], buyText.devices, (value) => actor.send({ type: 'device.change', value }))}
          {form.device && select<ContactOs>(buyText.osLabel, form.os, osOptions[form.device], buyText.oses, (value) => actor.send({ type: 'os.change', value }))}
          {select<RemoteSupport>(buyText.remoteSupportLabel, form.remoteSupport, ['WISH', 'NOT_WISH'], buyText.remoteSupports, (value) => actor.send({ type: 'remoteSupport.change', value }))}
        </>
      )}
      {showsSupportMethod(type, reserveNow) && (
        <Field.Root>
          <Field.Label id="checkout-support-type">{buyText.supportTypeLabel}</Field.Label>
          <RadioGroup.Root aria-labelledby="checkout-support-type" value={form.supportType} onValueChange={(e) => e.value && actor.send({ type: 'supportType.change', value: e.value as SupportType })}>
            <HStack gap="6">
              {(['TEL', 'ONLINE'] as const).map((t) => (
                <RadioGroup.Item key={t} value={t}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{buyText.supportTypes[t]}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        </Field.Root>
      )}
    </Stack>
  )
}
