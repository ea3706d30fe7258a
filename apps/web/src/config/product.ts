// Product copy and in-app addresses shared by several screens.

/** The legal and contact pages the app serves (features/legal), linked from login, signup, pricing and the menu. */
export const LEGAL_PAGES = [
  { path: '/terms', title: 'Terms of Use' },
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/risk-disclosure', title: 'Risk Disclosure' },
  { path: '/contact', title: 'Contact' },
] as const;

export const TERMS_PATH = '/terms';
export const PRIVACY_PATH = '/privacy';
export const RISK_DISCLOSURE_PATH = '/risk-disclosure';
export const CONTACT_PATH = '/contact';
