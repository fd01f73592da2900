import { deskExportName, type DeskExportKind } from '../../../../../contract/desk-exports'
import { DESK_EXPORT_PREFIX } from '../../../../../contract/file-calls'

/**
 * Saves a desk CSV export (contract/file-calls.ts 'desk-export'): the call needs the operator's
 * bearer token, which a plain link cannot carry, so it is fetched and handed to the browser as a
 * file under the server's own name. A refusal throws with the server's message.
 */
export async function downloadExport(o: { apiBase: string; getIdToken: () => Promise<string | null> }, kind: DeskExportKind, from: string, to: string): Promise<void> {
  const name = deskExportName(kind, from, to)
  const token = await o.getIdToken()
  const res = await fetch(`${o.apiBase}${DESK_EXPORT_PREFIX.slice('/api'.length)}${name}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null
    throw new Error(body?.message ?? `HTTP ${res.status}`)
  }
  const url = URL.createObjectURL(await res.blob())
  try {
    const a = document.createElement('a')
    a.href = url
    a.download = name
    document.body.append(a)
    a.click()
    a.remove()
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}
