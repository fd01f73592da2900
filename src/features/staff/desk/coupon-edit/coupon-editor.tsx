import { Alert, Box, Button, Checkbox, chakra, DataList, Fieldset, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { DeskProduct } from '../../../../../contract/desk/catalog'
import { COUPON_NAME_MAX, DISCOUNT_MAX } from '../../../../../contract/desk/coupons'
import { formatDateUnix, formatYen } from '../../../../../contract/jst'
import type { CouponEditActorRef } from '../../../../../machines/coupon-edit/coupon-edit-machine'
import { couponEditView } from '../../../../../machines/coupon-edit/coupon-edit-view'
import { sameFit, type CouponField, type CouponFit } from '../../../../../machines/coupon-edit/coupon-rules'
import { jstDayEndToUnix, typedWholeNumber } from '../../../../../machines/shared/jst-input'
import { deskCommonText as c, deskCouponText as t } from '../../../../text/desk'
import { ErrorBanner } from '../../../../ui/error-banner'
import { TextField } from '../../../../ui/text-field'

/** What a coupon can fit: each product type on sale with any minutes, or one of its minutes. */
export function fitChoices(products: DeskProduct[]): CouponFit[] {
  const choices: CouponFit[] = []
  for (const type of ['SUPPORT', 'INTERVIEW', 'ADD', 'TIP'] as const) {
    const ofType = products.filter((p) => p.productType === type)
    if (ofType.length === 0) continue
    choices.push({ productType: type, minutesToSupport: null })
    for (const minutes of [...new Set(ofType.map((p) => p.minutesToSupport))].filter((m) => m > 0).sort((a, b) => a - b)) choices.push({ productType: type, minutesToSupport: minutes })
  }
  return choices
}

const fitLabel = (f: CouponFit) => `${c.productTypes[f.productType]}（${f.minutesToSupport === null ? c.anyMinutes : c.minutes(f.minutesToSupport)}）`

/** Create or edit a coupon in three steps (the coupon edit chart). */
export function CouponEditor({ actor, products }: { actor: CouponEditActorRef; products: DeskProduct[] | null }) {
  const isNew = useSelector(actor, (s) => s.context.isNew)
  const loading = useSelector(actor, couponEditView.isLoading)
  const loadFailed = useSelector(actor, couponEditView.isLoadFailed)
  const step = useSelector(actor, couponEditView.step)
  const saving = useSelector(actor, couponEditView.isSaving)
  const conflict = useSelector(actor, couponEditView.isConflict)
  const reloading = useSelector(actor, couponEditView.isReloading)
  const values = useSelector(actor, (s) => s.context.values)
  const shown = useSelector(actor, (s) => s.context.shown)
  const allErrors = useSelector(actor, (s) => s.context.errors)
  const failure = useSelector(actor, (s) => s.context.failure)
  const reloaded = useSelector(actor, (s) => s.context.reloaded)
  const errors = { ...(shown.basics ? allErrors : {}), ...(shown.fit ? allErrors : {}) }
  const err = (f: CouponField) => ((f === 'couponCode' || f === 'couponName' || f === 'discountPrice' ? shown.basics : shown.fit) ? errors[f] : undefined)
  const change = (field: Exclude<CouponField, 'fits'>) => (value: string) => actor.send({ type: 'field.change', field, value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send(step === 2 ? { type: 'form.submit' } : { type: 'step.next' })
  }
  const choices = fitChoices(products ?? [])

  return (
    <Stack gap="5" maxW="3xl">
      <Heading as="h1" size="xl">
        {isNew ? t.newTitle : t.editTitle}
      </Heading>
      <Text fontWeight="bold" aria-live="polite">
        {t.stepLabel(step + 1, t.steps[step])}
      </Text>
      {loadFailed && (
        <Box>
          <ErrorBanner title={c.loadFailed} description={failure} />
          <Button mt="2" size="sm" variant="outline" onClick={() => actor.send({ type: 'load.retry' })}>
            {c.retry}
          </Button>
        </Box>
      )}
      {conflict && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{c.conflictTitle}</Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
            <HStack mt="3" gap="3" wrap="wrap">
              <Button size="sm" colorPalette="brand" loading={reloading} onClick={() => actor.send({ type: 'conflict.reload' })}>
                {c.reloadLatest}
              </Button>
              <Button size="sm" variant="outline" disabled={reloading} onClick={() => actor.send({ type: 'conflict.back' })}>
                {c.backToMine}
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      )}
      {reloaded && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{c.reloadedNote}</Alert.Title>
        </Alert.Root>
      )}
      {!conflict && !loadFailed && failure && <ErrorBanner title={failure} />}
      {!loadFailed && (
        <chakra.form onSubmit={submit} noValidate aria-busy={loading}>
          <Skeleton loading={loading}>
            <Stack gap="4">
              {step === 0 && (
                <>
                  <TextField
                    label={t.code}
                    value={values.couponCode}
                    readOnly={!isNew}
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={64}
                    hint={t.codeHint}
                    error={err('couponCode')}
                    onValue={change('couponCode')}
                  />
                  <TextField label={t.name} value={values.couponName} autoComplete="off" maxLength={COUPON_NAME_MAX + 10} error={err('couponName')} onValue={change('couponName')} />
                  <TextField
                    label={t.discount}
                    value={values.discountPrice}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={String(DISCOUNT_MAX).length + 3}
                    error={err('discountPrice')}
                    onValue={change('discountPrice')}
                  />
                </>
              )}
              {step === 1 && (
                <>
                  <Fieldset.Root invalid={Boolean(err('fits'))}>
                    <Fieldset.Legend>{t.fits}</Fieldset.Legend>
                    <Fieldset.HelperText>{t.fitsHint}</Fieldset.HelperText>
                    <Stack gap="2" mt="2">
                      {products === null && <Skeleton h="20" />}
                      {choices.map((fit) => (
                        <Checkbox.Root
                          key={`${fit.productType}-${fit.minutesToSupport}`}
                          checked={values.fits.some((f) => sameFit(f, fit))}
                          onCheckedChange={() => actor.send({ type: 'fit.toggle', fit })}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{fitLabel(fit)}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                    {err('fits') && <Fieldset.ErrorText>{err('fits')}</Fieldset.ErrorText>}
                  </Fieldset.Root>
                  <TextField label={t.expire} type="date" value={values.expireDate} error={err('expireDate')} onValue={change('expireDate')} />
                  <TextField
                    label={t.claimLimit}
                    value={values.claimLimit}
                    inputMode="numeric"
                    autoComplete="off"
                    hint={t.claimLimitHint}
                    error={err('claimLimit')}
                    onValue={change('claimLimit')}
                  />
                </>
              )}
              {step === 2 && (
                <DataList.Root orientation="horizontal">
                  {[
                    [t.code, values.couponCode],
                    [t.name, values.couponName],
                    [t.discount, formatYen(typedWholeNumber(values.discountPrice))],
                    [t.fits, values.fits.map(fitLabel).join('、')],
                    // As the list and the coupon's page give it (2026/12/31), not as the date field holds it.
                    [t.expire, formatDateUnix(jstDayEndToUnix(values.expireDate))],
                    [t.claimLimit, values.claimLimit.trim() === '' ? c.unlimited : values.claimLimit],
                  ].map(([label, value]) => (
                    <DataList.Item key={label}>
                      <DataList.ItemLabel>{label}</DataList.ItemLabel>
                      <DataList.ItemValue>{value}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              )}
              <HStack gap="3" wrap="wrap">
                {step > 0 && (
                  <Button variant="outline" disabled={saving || conflict} onClick={() => actor.send({ type: 'step.back' })}>
                    {c.back}
                  </Button>
                )}
                <Button type="submit" colorPalette="brand" loading={saving} loadingText={c.saving} disabled={loading || conflict}>
                  {step === 2 ? t.submit : c.next}
                </Button>
                <Button asChild variant="ghost">
                  {isNew ? <Link to="/staff/coupons">{c.cancel}</Link> : <Link to="/staff/coupons/$couponCode" params={{ couponCode: values.couponCode }}>{c.cancel}</Link>}
                </Button>
              </HStack>
            </Stack>
          </Skeleton>
        </chakra.form>
      )}
    </Stack>
  )
}
