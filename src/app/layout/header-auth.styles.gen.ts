// Written by `npm run styles` from header-auth.specimen.tsx: do not edit.
export const headerAuthClasses = {
  logoutButton: 'chakra-button css-sgnysc',
  memberId: 'css-1hk2fze',
} as const
