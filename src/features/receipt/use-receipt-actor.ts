import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import { receiptMachine } from '../../../machines/receipt/receipt-machine'
import { flowInspect } from '../../adapters/flow-recorder'
import type { ApiClient } from '../../api/client'
import { errorSearch } from '../../ui/error-search'

/**
 * The receipt chart of /receipt/$receiptNumber with its effects: the one place of the flow calling
 * `.provide` and the API. The page view draws one key: the same view asking again (React's
 * development double effect, a retry) is the same issue on the server, not a 再発行.
 */
export function useReceiptActor({ api }: { api: ApiClient }, receiptNumber: string) {
  const navigate = useNavigate()
  const [viewId] = useState(() => crypto.randomUUID())
  return useActorRef(
    receiptMachine.provide({
      actors: {
        loadReceipt: fromPromise(({ input }) => api.call('receipt', { receiptNumber: input.receiptNumber, viewId })),
        saveAddressee: fromPromise(({ input }) => api.call('receipt-addressee', input)),
      },
      actions: { goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code) }) },
    }),
    { input: { receiptNumber }, inspect: flowInspect },
  )
}
