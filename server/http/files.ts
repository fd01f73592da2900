import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import type { FileCallName, FileCallSpec, FileRegistry } from '../../contract/file-calls'
import type { Deps, MemberRow } from '../services/deps'
import { authenticateMember, memberLoader } from './member-auth'
import { authenticateStaff, type StaffMe } from './staff'

/**
 * A file call's handler: the bytes (or text) of the answer, a stream of them (a large file read page
 * by page: docs/server.md "Numbers and exports"), or null for "no such file" (a 404). A handler that
 * throws before it answers is answered as any error is (server/http/errors.ts). `me` is the staff
 * caller of a staff-role call, `member` the caller of a 'member' call.
 */
export type FileHandler = (ctx: { name: string; deps: Deps; me: () => StaffMe; member: () => MemberRow }) => Promise<Uint8Array<ArrayBuffer> | string | ReadableStream<Uint8Array> | null>
export type FileHandlers<R extends FileRegistry> = { [N in keyof R]: FileHandler }

const notFound = (c: Context) => c.json({ message: 'Not Found' }, 404)

/**
 * Mounts every call of a file registry (contract/file-calls.ts) at `<prefix>:name`, one way for all:
 * the caller (none, the path's own token, a member's bearer token as the member calls check it, or a
 * staff bearer token and role as server/http/staff.ts checks them), then the name checked by its schema (404 when it cannot name a file), then the
 * handler; the answer carries the entry's content type and cache rule.
 */
export function mountFileCalls<R extends FileRegistry>(app: Hono, deps: Deps, registry: R, handlers: FileHandlers<R>): void {
  const loadMember = memberLoader(deps)
  for (const key of Object.keys(registry) as (keyof R & FileCallName)[]) {
    const call: FileCallSpec = registry[key]
    const handler = handlers[key]
    app.get(`${call.prefix}:name`, async (c) => {
      let me: StaffMe | null = null
      let member: MemberRow | null = null
      if (call.access === 'member') member = await authenticateMember(c, deps, loadMember)
      else if (call.access !== 'public' && call.access !== 'url-token') me = await authenticateStaff(c, deps, call.access)
      const name = v.safeParse(call.name, c.req.param('name'))
      if (!name.success) return notFound(c)
      const body = await handler({
        name: name.output,
        deps,
        me: () => {
          if (!me) throw new Error(`file call ${key} has no staff caller`)
          return me
        },
        member: () => {
          if (!member) throw new Error(`file call ${key} has no member caller`)
          return member
        },
      })
      if (body === null) return notFound(c)
      const headers: Record<string, string> = { 'content-type': call.contentType, 'cache-control': call.cacheControl }
      // An attachment is saved under its path's name (checked by the entry's schema: no quote, no slash).
      if (call.contentDisposition) headers['content-disposition'] = call.contentDisposition === 'attachment' ? `attachment; filename="${name.output}"` : call.contentDisposition
      return c.body(body, 200, headers)
    })
  }
}
