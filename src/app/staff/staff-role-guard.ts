/**
 * A staff page's `beforeLoad`: refuses a session without one of the page's `staticData.staffRoles`
 * before its loader calls the server (the layout then shows 権限がありません instead of the page).
 * It runs outside the pages' chunks, so it imports nothing (the member entry carries it).
 */
export function refuseOtherRoles({
  context,
  matches,
  routeId,
}: {
  context: { staff: { roles: readonly string[] } }
  matches: ReadonlyArray<{ routeId: string; staticData: { staffRoles?: readonly string[] } }>
  routeId: string
}): void {
  const roles = matches.find((m) => m.routeId === routeId)?.staticData.staffRoles
  if (roles && !context.staff.roles.some((role) => roles.includes(role))) throw new Error('staff role refused')
}
