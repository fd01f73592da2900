/**
 * Links to pages outside this app (product.md §2 header and footer). The spec does not give the
 * addresses: these are placeholders under example.com, to be replaced by the real sites.
 */
export const externalLinks = {
  contact: 'https://example.com/contact',
  terms: 'https://example.com/terms',
  privacy: 'https://example.com/privacy',
  commercialLaw: 'https://example.com/tokushoho',
  operator: 'https://example.com/company',
  remoteSupport: 'https://example.com/remote-support',
  marketing: {
    staff: 'https://example.com/#staff',
    flow: 'https://example.com/#flow',
    support: 'https://example.com/#support',
    plans: 'https://example.com/#plans',
    faq: 'https://example.com/#faq',
  },
  social: {
    x: 'https://example.com/social/x',
    instagram: 'https://example.com/social/instagram',
    line: 'https://example.com/social/line',
  },
} as const
