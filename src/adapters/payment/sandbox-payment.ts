import { ApiError } from '../../api/api-error'
import type { ApiClient } from '../../api/client'
import type { BrowserPaymentPort } from './payment-port'
import { leavingPage } from './payment-port'
import { createSandboxCardFields, type SandboxCardValues } from './sandbox-card-fields'

/**
 * The sandbox provider (default): our own card fields, tokens from `POST /api/sandbox/tokens`,
 * the server's 3-D Secure page at `/sandbox/3ds/<tokenId>` (docs/payments.md). The page returns
 * with `?sandbox_token=<tokenId>&tds_result=…` on the return URL.
 */
export function createSandboxPayment(api: ApiClient, go: (url: string) => void = (url) => window.location.assign(url)): BrowserPaymentPort {
  const values: SandboxCardValues = { number: '', expiry: '', cvc: '' }
  return {
    kind: 'sandbox',
    CardFields: createSandboxCardFields(values),
    async createToken(holderName) {
      const [month, year] = values.expiry.split('/').map((p) => Number(p.trim()))
      try {
        const r = await api.call('sandbox/tokens', { number: values.number, expMonth: month || 0, expYear: year || 0, cvc: values.cvc, name: holderName })
        return r.tokenId
      } catch (e) {
        throw new Error(e instanceof ApiError || e instanceof Error ? e.message : String(e))
      }
    },
    startThreeDSecure(token, returnUrl) {
      // The sandbox page is on this origin: it returns to a path (it refuses other hosts),
      // so the SPA works whatever origin it is served from.
      const here = globalThis.location?.origin
      const u = here ? new URL(returnUrl, here) : null
      const back = u && u.origin === here ? `${u.pathname}${u.search}` : returnUrl
      go(`/sandbox/3ds/${encodeURIComponent(token)}?return_url=${encodeURIComponent(back)}`)
      return leavingPage()
    },
    returnedToken: (search) => search.get('sandbox_token'),
  }
}
