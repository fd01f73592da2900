/** Only a path under /staff is a place to return to after a staff login (no open redirect). */
export function safeStaffRedirect(redirect: unknown): string {
  if (typeof redirect !== 'string' || !/^\/staff(?:[/?#]|$)/.test(redirect) || redirect.startsWith('/staff/login')) return '/staff'
  return redirect
}
