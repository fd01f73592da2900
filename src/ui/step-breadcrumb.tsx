import { Breadcrumb, Button, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { stepsText as t } from '../text/schedule'

type Props =
  /** On /support/staff and /support/reservation-date-change: the date step is the current one. */
  | { variant: 'purchase' | 'change'; current: 'staff'; onCurrentStep: () => void }
  /** On /buy: payment is the current step; the date step links back to the grid of the product. */
  | { variant: 'purchase'; current: 'buy'; productId: string }

/**
 * product.md §2 step breadcrumb: home → ticket (payment history on the change page) → date and
 * consultant (a callback on its own page, not a link) → payment, or on the change page 変更完了:
 * a change is not paid for, so its steps are its own. Earlier steps are links; the current one
 * is marked `aria-current="step"`. Shared by the schedule pages and /buy.
 */
export function StepBreadcrumb(props: Props) {
  return (
    <Breadcrumb.Root aria-label={t.label} size="sm" mb="4">
      <Breadcrumb.List>
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            <Link to="/">{t.home}</Link>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            {props.variant === 'change' ? <Link to="/purchase-list">{t.purchaseList}</Link> : <Link to="/support/menu">{t.menu}</Link>}
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item>
          {props.current === 'staff' ? (
            <Button variant="plain" size="xs" p="0" h="auto" fontWeight="bold" aria-current="step" onClick={props.onCurrentStep}>
              {t.staff}
            </Button>
          ) : (
            <Breadcrumb.Link asChild>
              <Link to="/support/staff" search={{ productId: props.productId }}>
                {t.staff}
              </Link>
            </Breadcrumb.Link>
          )}
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item>
          {props.current === 'buy' ? (
            <Breadcrumb.CurrentLink aria-current="step" fontWeight="bold">
              {t.buy}
            </Breadcrumb.CurrentLink>
          ) : (
            <Text as="span" color="fg.subtle">
              {props.variant === 'change' ? t.changeDone : t.buy}
            </Text>
          )}
        </Breadcrumb.Item>
      </Breadcrumb.List>
    </Breadcrumb.Root>
  )
}
