import { describe, expect, it } from 'vitest'
import { createMemoryMailer } from '../../server/adapters/mailer'
import { footer, jstText } from '../../server/mail/format'
import { mails } from '../../server/mail/member-mails'
import { staffMails } from '../../server/mail/staff-mails'

// Every mail, member or staff, ends with the one footer of server/mail/format.ts and writes its
// moments with the one Japan-time formatter (docs/server.md "Mails").

const at = new Date('2025-06-12T01:00:00Z') // 10:00 JST

describe('the mails share one footer and one time format', () => {
  it('member and staff mails end with the same footer, once', async () => {
    const m = createMemoryMailer()
    await mails.signup(m, 'a@example.com', 'http://app.test/signup?k=1', '山田 太郎')
    await mails.purchase(m, 'a@example.com', { productName: 'サポート60分', amount: 5500, ticketNumber: 'T-1', reservationAt: at, staffNickname: 'みどり', supportType: 'TEL' })
    await mails.reservationChanged(m, 'a@example.com', { ticketNumber: 'T-1', reservationAt: at, staffNickname: 'みどり' })
    await staffMails.ratingRequest(m, 'a@example.com', { ticketNumber: 'T-1', productName: 'サポート60分', link: 'http://app.test/rating' })
    await staffMails.reassignedMember(m, 'a@example.com', { ticketNumber: 'T-1', reservationAt: at, staffNickname: 'さくら' })
    await staffMails.invitation(m, 's@example.com', { role: 'operator', staffNickname: null, loginUrl: 'http://app.test/staff/login', passwordLink: null, initialPassword: false })
    expect(m.sent).toHaveLength(6)
    for (const mail of m.sent) {
      expect(mail.text.endsWith(footer), mail.subject).toBe(true)
      expect(mail.text.split('※このメールは送信専用アドレス').length, mail.subject).toBe(2)
    }
  })

  it('a moment reads the same in every mail: Japan time', async () => {
    expect(jstText(at)).toBe('2025年6月12日 10:00')
    const m = createMemoryMailer()
    await mails.reservationChanged(m, 'a@example.com', { ticketNumber: 'T-1', reservationAt: at, staffNickname: 'みどり' })
    await staffMails.reassignedMember(m, 'a@example.com', { ticketNumber: 'T-1', reservationAt: at, staffNickname: 'さくら' })
    for (const mail of m.sent) expect(mail.text).toContain('ご予約日時: 2025年6月12日 10:00')
  })
})
