import { eq } from 'drizzle-orm'
import type { CallResponse } from '../../../contract/calls'
import { members } from '../../db/schema'
import type { CallInput, Deps, MemberRow } from '../deps'

/** Names and phone number on the member row, the display name at the identity provider. */
export async function updateProfile(deps: Deps, m: MemberRow, input: CallInput<'user-update'>): Promise<CallResponse<'user-update'>> {
  const [updated] = await deps.db
    .update(members)
    .set({ memberLastname: input.memberLastname, memberFirstname: input.memberFirstname, phoneNumber: input.phoneNumber })
    .where(eq(members.memberId, m.memberId))
    .returning()
  await deps.identity.updateUser(m.memberId, { displayName: `${input.memberLastname} ${input.memberFirstname}` })
  return {
    message: 'お客様情報を変更いたしました',
    member: {
      memberId: updated.memberId,
      email: updated.email,
      memberLastname: updated.memberLastname,
      memberFirstname: updated.memberFirstname,
      phoneNumber: updated.phoneNumber,
      useFreeInterviewTime: updated.useFreeInterviewTime,
    },
  }
}
