import * as v from 'valibot'

// Ports of `npm start`, configurable by environment; defaults are the documented ones.
const Port = (fallback: number) => v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(65535)), String(fallback))

export const PortsEnv = v.object({
  MYPAGE_WEB_PORT: Port(5173),
  MYPAGE_API_PORT: Port(8787),
  MYPAGE_AUTH_PORT: Port(9099),
  MYPAGE_SMTP_PORT: Port(1025),
  MYPAGE_MAILDEV_PORT: Port(1080),
})

export type Ports = { web: number; api: number; auth: number; smtp: number; maildev: number }

export function readPorts(env: NodeJS.ProcessEnv = process.env): Ports {
  const parsed = v.safeParse(PortsEnv, env)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new Error(`Invalid port in ${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`)
  }
  const p = parsed.output
  return { web: p.MYPAGE_WEB_PORT, api: p.MYPAGE_API_PORT, auth: p.MYPAGE_AUTH_PORT, smtp: p.MYPAGE_SMTP_PORT, maildev: p.MYPAGE_MAILDEV_PORT }
}

export const portEnvNames: Record<keyof Ports, string> = {
  web: 'MYPAGE_WEB_PORT', api: 'MYPAGE_API_PORT', auth: 'MYPAGE_AUTH_PORT', smtp: 'MYPAGE_SMTP_PORT', maildev: 'MYPAGE_MAILDEV_PORT',
}
