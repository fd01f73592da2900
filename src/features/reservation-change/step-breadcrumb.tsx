import { Breadcrumb, Button, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { stepsText as t } from '../../text/schedule'

/**
 * spec §2 step breadcrumb: home → ticket (payment history on the change page) → date and
 * consultant (this page; a callback, not a link) → payment. Earlier steps are links.
 */
export function StepBreadcrumb({ variant, onCurrentStep }: { variant: 'purchase' | 'change'; onCurrentStep: () => void }) {
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
            {variant === 'change' ? <Link to="/purchase-list">{t.purchaseList}</Link> : <Link to="/support/menu">{t.menu}</Link>}
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item>
          <Button variant="plain" size="xs" p="0" h="auto" fontWeight="bold" aria-current="step" onClick={onCurrentStep}>
            {t.staff}
          </Button>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item>
          <Text as="span" color="fg.subtle">
            {t.buy}
          </Text>
        </Breadcrumb.Item>
      </Breadcrumb.List>
    </Breadcrumb.Root>
  )
}
