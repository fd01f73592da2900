// Generated-path tests of the operator's coupon edit chart (three steps, save conflict).
import { deskMessages } from '../../contract/desk-messages'
import { ApiError } from '../../src/api/api-error'
import { couponEditMachine } from '../../machines/coupon-edit/coupon-edit-machine'
import { describeModel } from './model'

const full = { couponCode: 'SPRING500', couponName: '春の500円引き', discountPrice: '500', fits: [{ productType: 'SUPPORT', minutesToSupport: 30 }], expireDate: '2030-04-30', claimLimit: '100' }
const events = {
  'field.change': [
    { field: 'couponCode', value: 'SPRING500' },
    { field: 'couponName', value: '春の500円引き' },
    { field: 'discountPrice', value: '５００' },
    { field: 'expireDate', value: '2030-04-30' },
    { field: 'couponName', value: '' },
  ],
  'fit.toggle': [{ fit: { productType: 'SUPPORT', minutesToSupport: 30 } }],
  'step.next': [{}],
  'step.back': [{}],
  'form.submit': [{}],
  'conflict.reload': [{}],
  'conflict.back': [{}],
  'load.retry': [{}],
}
const outcomes = {
  loadCoupon: { done: [{ values: full, version: 2 }], error: [new ApiError(500, 'down')] },
  saveCoupon: { done: [{ couponCode: 'SPRING500' }], error: [new ApiError(409, deskMessages.changedByOther), new ApiError(409, deskMessages.couponExists), new ApiError(400, deskMessages.couponProductUnknown)] },
}
const serialize = (s: { value: unknown; context: { values: unknown; version: unknown } }) => JSON.stringify([s.value, s.context.values, s.context.version])

describeModel([
  { machine: couponEditMachine, input: { couponCode: null }, events, outcomes, serialize, limit: 50000 },
  { machine: couponEditMachine, input: { couponCode: 'SPRING500' }, events, outcomes, serialize, limit: 50000 },
], undefined, { transientStates: ['couponEdit.start'] })
