import { createServer, type Server, type Socket } from 'node:net'

/**
 * A mail server for the outbox's fault tests and bench (tests/api/outbox-faults.test.ts,
 * bench/outbox.ts): plain SMTP over
 * TCP, enough for nodemailer (EHLO, MAIL, RCPT, DATA, RSET, QUIT), in the states a real one can be in:
 * - `up`: every mail is accepted (250) and kept — after `delayMs` when given (a slow server);
 * - `holding`: a mail's DATA is read but not answered until `release()` (a slow server, a server
 *   that takes a message and is cut before its "250": a transaction cut there is dropped, as an MTA
 *   drops a transaction that never saw its end);
 * - `silent`: connections are accepted and nothing is ever said (no greeting);
 * - closed (`stop()`): the port refuses connections; `start()` listens on the same port again.
 * A kept mail is its raw text; `messageIds()` reads their Message-ID headers.
 */
export type FakeSmtp = {
  port: number
  url: string
  mode: 'up' | 'holding' | 'silent'
  /** The mails accepted, as received. */
  received: string[]
  /** Transactions whose DATA was read and are waiting for `release()`. */
  held: () => number
  /** Transactions whose connection ended while their DATA waited (dropped, never accepted). */
  cut: () => number
  /** Connections made so far. */
  connections: () => number
  /** Answers every held DATA with 250 and keeps those mails; new ones are answered as `mode` says. */
  release: () => void
  messageIds: () => string[]
  /** The accepted mails read back: To, Subject (decoded) and, for a single-part mail, its text. */
  mails: () => ReceivedMail[]
  start: () => Promise<void>
  stop: () => Promise<void>
}

export async function startFakeSmtp(opts: { port?: number; mode?: FakeSmtp['mode']; delayMs?: number } = {}): Promise<FakeSmtp> {
  const received: string[] = []
  const sockets = new Set<Socket>()
  const waiting = new Map<Socket, () => void>()
  let cut = 0
  let connections = 0
  let server: Server | null = null

  const handle = (socket: Socket) => {
    connections++
    sockets.add(socket)
    socket.setEncoding('utf8')
    socket.on('error', () => {})
    socket.on('close', () => {
      sockets.delete(socket)
      if (waiting.delete(socket)) cut++
    })
    if (fake.mode === 'silent') return
    const say = (line: string) => !socket.destroyed && socket.write(`${line}\r\n`)
    say('220 fake-smtp ESMTP ready')
    let buffer = ''
    let inData = false
    let data = ''
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          data += buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          const mail = data
          data = ''
          const accept = () => {
            waiting.delete(socket)
            received.push(mail)
            say('250 2.0.0 accepted')
          }
          if (fake.mode === 'holding') waiting.set(socket, accept)
          else if (opts.delayMs) setTimeout(accept, opts.delayMs)
          else accept()
          continue
        }
        const eol = buffer.indexOf('\r\n')
        if (eol < 0) return
        const line = buffer.slice(0, eol)
        buffer = buffer.slice(eol + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO') say('250-fake-smtp\r\n250 8BITMIME')
        else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') say('250 OK')
        else if (verb === 'DATA') {
          inData = true
          buffer = `\r\n${buffer}`
          say('354 go ahead')
          // The terminator search above looks for CRLF.CRLF; the DATA's first line follows a CRLF.
        } else if (verb === 'QUIT') {
          say('221 bye')
          socket.end()
        } else say('502 not implemented')
      }
    })
  }

  const fake: FakeSmtp = {
    port: opts.port ?? 0,
    url: '',
    mode: opts.mode ?? 'up',
    received,
    held: () => waiting.size,
    cut: () => cut,
    connections: () => connections,
    release: () => {
      for (const accept of [...waiting.values()]) accept()
    },
    messageIds: () => received.map((m) => headerOf(m, 'message-id')),
    mails: () => received.map(readMail),
    start: () =>
      new Promise<void>((resolve, reject) => {
        server = createServer(handle)
        server.once('error', reject)
        server.listen(fake.port, '127.0.0.1', () => {
          const address = server!.address()
          if (address && typeof address === 'object') fake.port = address.port
          fake.url = `smtp://127.0.0.1:${fake.port}`
          resolve()
        })
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        if (!server) return resolve()
        server.close(() => resolve())
        server = null
      }),
  }
  await fake.start()
  return fake
}

export type ReceivedMail = { to: string; subject: string; messageId: string; text: string }

/** Quoted-printable to bytes (soft line breaks removed). */
const qpBytes = (s: string) => {
  const text = s.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(text[i], 'utf8'))
  }
  return Buffer.from(bytes)
}

const split = (raw: string) => {
  const trimmed = raw.replace(/^(\r\n)+/, '')
  const at = trimmed.indexOf('\r\n\r\n')
  return { head: trimmed.slice(0, at).replace(/\r\n[ \t]+/g, ' '), body: trimmed.slice(at + 4) }
}

/** A header's value, its RFC 2047 words decoded (their bytes joined before decoding: a character may span two). */
function headerOf(raw: string, name: string): string {
  const value = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(split(raw).head)?.[1]?.trim() ?? ''
  const words = [...value.matchAll(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi)]
  if (words.length === 0) return value
  return Buffer.concat(words.map(([, enc, text]) => (enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qpBytes(text.replace(/_/g, ' '))))).toString('utf8')
}

function readMail(raw: string): ReceivedMail {
  const { head, body } = split(raw)
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase()
  const text = /^content-type:\s*multipart/im.test(head)
    ? ''
    : encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qpBytes(body).toString('utf8')
        : body
  return { to: headerOf(raw, 'to'), subject: headerOf(raw, 'subject'), messageId: headerOf(raw, 'message-id'), text }
}
