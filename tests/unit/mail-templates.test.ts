import { describe, expect, it } from 'vitest'
import type { Mail } from '../../server/adapters/mailer'
import { footer, jstText, onlineRoomLines } from '../../server/mail/format'
import { reminderMails } from '../../server/mail/reminder-mails'
import { mails } from '../../server/mail/member-mails'
import { staffMails } from '../../server/mail/staff-mails'

// Every mail, member or staff, ends with the one footer of server/mail/format.ts and writes its
// moments with the one Japan-time formatter (docs/server.md "Mails"). The modules build text only.

const at = new Date('2025-06-12T01:00:00Z') // 10:00 JST

describe('the mails share one footer and one time format', () => {
  it('member and staff mails end with the same footer, once', async () => {
    const sent: Mail[] = []
    sent.push(mails.signup('a@example.com', 'http://app.test/signup?k=1', '山田 太郎'))
    sent.push(mails.purchase('a@example.com', { productName: 'サポート60分', amount: 5500, ticketNumber: 'T-1', reservationAt: at, staffNickname: 'みどり', supportType: 'TEL' }))
    sent.push(mails.reservationChanged('a@example.com', { ticketNumber: 'T-1', reservationAt: at, staffNickname: 'みどり' }))
    sent.push(staffMails.ratingRequest('a@example.com', { ticketNumber: 'T-1', productName: 'サポート60分', link: 'http://app.test/rating' }))
    sent.push(staffMails.reassignedMember('a@example.com', { ticketNumber: 'T-1', reservationAt: at, staffNickname: 'さくら' }))
    sent.push(staffMails.invitation('s@example.com', { role: 'operator', staffNickname: null, loginUrl: 'http://app.test/staff/login', passwordLink: null, initialPassword: false }))
    expect(sent).toHaveLength(6)
    for (const mail of sent) {
      expect(mail.text.endsWith(footer), mail.subject).toBe(true)
      expect(mail.text.split('※このメールは送信専用アドレス').length, mail.subject).toBe(2)
    }
  })

  it('a moment reads the same in every mail: Japan time', async () => {
    expect(jstText(at)).toBe('2025年6月12日 10:00')
    const sent: Mail[] = []
    sent.push(mails.reservationChanged('a@example.com', { ticketNumber: 'T-1', reservationAt: at, staffNickname: 'みどり' }))
    sent.push(staffMails.reassignedMember('a@example.com', { ticketNumber: 'T-1', reservationAt: at, staffNickname: 'さくら' }))
    for (const mail of sent) expect(mail.text).toContain('ご予約日時: 2025年6月12日 10:00')
  })
})

describe('an online consultation says how to join: its room in mypage', () => {
  it('the booking mail and the reminder name the room page and when it opens', async () => {
    const sent: Mail[] = []
    const roomLines = onlineRoomLines('http://app.test', 'T-9', 10)
    sent.push(mails.purchase('a@example.com', { productName: 'サポート60分', amount: 5500, ticketNumber: 'T-9', reservationAt: at, staffNickname: 'みどり', supportType: 'ONLINE', roomLines }))
    sent.push(reminderMails.soon('a@example.com', { name: '山田 太郎', productName: 'サポート60分', ticketNumber: 'T-9', reservationAt: at, staffNickname: 'みどり', supportType: 'ONLINE', supportTel: '0120-000-000', roomLines, phoneNumber: '09000000000', changeLink: null }))
    for (const mail of sent) {
      expect(mail.text, mail.subject).toContain('http://app.test/room/T-9')
      expect(mail.text, mail.subject).toContain('開始の10分前から入室できます')
    }
  })
})
