import type { Page } from '@playwright/test'
import { authDriver } from '../drivers/auth'
import { cancelAccountDriver, emailChangeDriver, passwordChangeDriver, profileDriver } from '../drivers/account-settings'
import { checkoutDriver } from '../drivers/checkout'
import { couponClaimDriver } from '../drivers/coupon-claim'
import { assertState, closeDevPanels, performEvent, resolveEvent, withoutDevTools, type FlowContext, type FlowDriver } from '../drivers/flow-driver'
import { passwordResetDriver } from '../drivers/password-reset'
import { purchaseListDriver } from '../drivers/purchase-list'
import { ratingDriver } from '../drivers/rating'
import { reservationChangeDriver } from '../drivers/reservation-change'
import { signupDriver } from '../drivers/signup'
import { createMember } from '../fixtures'
import type { PathFile, PathStep } from './path-file'

/** Every flow a path file can name, by machine id. */
export const flowDrivers: Record<string, FlowDriver> = Object.fromEntries(
  [
    authDriver, signupDriver, ratingDriver, couponClaimDriver, reservationChangeDriver, checkoutDriver,
    profileDriver, cancelAccountDriver, emailChangeDriver, passwordChangeDriver, passwordResetDriver, purchaseListDriver,
  ].map((d) => [d.flow, d]),
)

export function driverFor(flow: string): FlowDriver {
  const driver = flowDrivers[flow]
  if (!driver) throw new Error(`no driver for flow "${flow}" (known: ${Object.keys(flowDrivers).join(', ')})`)
  return driver
}

/** 'demo' is a new member holding a copy of the demo member's data; 'fresh' a first-time member. */
export async function accountFor(account: PathFile['account']) {
  return typeof account === 'string' ? createMember(account) : account
}

/** A step whose expected state did not show (or whose event could not be performed). */
export class StepFailed extends Error {
  constructor(
    readonly index: number,
    readonly step: PathStep,
    readonly cause: unknown,
    /** How long the step took before it failed (a wrong page fails in about a second). */
    readonly ms = 0,
  ) {
    super(`step ${index + 1} (${step.event.type} → expected ${step.expectedState}) failed: ${(cause as Error).message?.split('\n')[0] ?? cause}`)
  }
}

/**
 * Walks a path file in a page through its flow's driver: start as the file's account, then for
 * each step perform the event and assert the expected state once the chart and the page have
 * settled. Throws StepFailed at the first step that does not hold; `onStep` runs after each step
 * that holds (screenshots). A start route recorded with the live flow panel open (`?flows`) is
 * opened without it, and a panel still open is closed, so nothing covers what the member clicks.
 */
export async function runPath(page: Page, file: PathFile, onStep?: (index: number, step: PathStep, ms: number) => Promise<void>) {
  const driver = driverFor(file.flow)
  const ctx: FlowContext = { account: await accountFor(file.account), startRoute: withoutDevTools(file.startRoute), vars: {} }
  await driver.start(page, ctx)
  await closeDevPanels(page)
  for (const [index, step] of file.steps.entries()) {
    const started = Date.now()
    try {
      await performEvent(driver, page, resolveEvent(step.event as never, ctx), ctx)
      await assertState(driver, page, step.expectedState, ctx)
    } catch (cause) {
      throw new StepFailed(index, step, cause, Date.now() - started)
    }
    await onStep?.(index, step, Date.now() - started)
  }
  return ctx
}
