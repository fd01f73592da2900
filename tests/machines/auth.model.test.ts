// Generated-path tests of the auth chart: every state and transition, replayed live.
import { authMachine } from '../../machines/auth/auth-machine'
import { describeModel } from './model'
const user = { uid: 'u1', email: 'demo@example.com' }
const member = { memberId: 'u1', email: 'demo@example.com', memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '0312345678', useFreeInterviewTime: null }
describeModel({
  machine: authMachine,
  events: {
    'identity.changed': [{ user }, { user: null }],
    'form.change': [{ field: 'email', value: ' demo@example.com ' }, { field: 'password', value: 'demo1234' }, { field: 'email', value: '' }],
    'form.submit': [{}, { redirectTo: '/purchase-list?year=2025' }],
    'member.updated': [{ member: { ...member, memberLastname: '佐藤' } }],
    'logout.request': [{}], 'logout.confirm': [{}], 'logout.cancel': [{}], 'session.end': [{}],
  },
  outcomes: { signIn: { done: [user] }, loadMember: { done: [member] }, callLogin: { done: [undefined] } },
  serialize: (s) => JSON.stringify([s.value, s.context.loginFailed, s.context.email.trim() !== '', s.context.password !== '']),
})
