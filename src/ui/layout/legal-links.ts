/** What every page's footer links (issue 30): the privacy notice and the accessibility statement. */
export const LEGAL_LINKS = [
  { label: 'Privacy', href: '/privacy' },
  { label: 'Accessibility', href: '/accessibility' },
] as const
