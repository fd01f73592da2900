// Written by `npm run styles` from notice-text.specimen.tsx: do not edit.
export const noticeTextClasses = {
  noticeLink: 'chakra-link css-t5lmc5',
  noticeParagraph: 'css-l0zmib',
  noticeText: 'chakra-stack css-1op6ogi',
} as const
