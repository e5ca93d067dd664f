import type { RuntimeConfig } from '../../lib/config';

/** Company details and navigation shared by every public page (one place to change them). */
export const COMPANY = {
  name: 'Isaac Technologies Pvt. Ltd.',
  brand: 'Isaac',
  phone: '+91 80 4718 2200',
  phoneHref: 'tel:+918047182200',
  email: 'support@isaachome.in',
  pressEmail: 'press@isaachome.in',
  investorEmail: 'investors@isaachome.in',
  address: ['3rd Floor, 100 Feet Road', 'Indiranagar, Bengaluru', 'Karnataka 560038, India'],
} as const;

/** Spec section 9: business hours. */
export const BUSINESS_HOURS_ROWS = [
  { days: 'Monday – Friday', hours: '9:00 AM – 6:00 PM IST' },
  { days: 'Saturday', hours: '10:00 AM – 4:00 PM IST' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

/** The four landing-page anchors (spec section 2). */
export const LANDING_ANCHORS = [
  { href: '/#products', label: 'Products' },
  { href: '/#technology', label: 'Technology' },
  { href: '/#about', label: 'About' },
  { href: '/#contact', label: 'Contact' },
] as const;

export interface FooterGroup {
  title: string;
  links: readonly { href: string; label: string }[];
}

/** Footer link groups: the spec's public routes. */
export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    title: 'Products',
    links: [
      { href: '/products/isaac-purifier', label: 'Air Purifier' },
      { href: '/products/skywalker-sensor', label: 'Skywalker Sensor' },
      { href: '/products/accessories', label: 'Accessories' },
      { href: '/products/replacement-filters', label: 'Replacement Filters' },
    ],
  },
  {
    title: 'Support',
    links: [
      { href: '/support/help-center', label: 'Help Center' },
      { href: '/support/installation-guide', label: 'Installation Guide' },
      { href: '/support/warranty', label: 'Warranty' },
      { href: '/support/contact-support', label: 'Contact Support' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/company/about-us', label: 'About Us' },
      { href: '/company/careers', label: 'Careers' },
      { href: '/company/press', label: 'Press' },
      { href: '/company/investors', label: 'Investors' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/legal/privacy-policy', label: 'Privacy Policy' },
      { href: '/legal/terms-of-service', label: 'Terms of Service' },
      { href: '/legal/cookie-policy', label: 'Cookie Policy' },
      { href: '/legal/gdpr', label: 'GDPR' },
    ],
  },
];

export const SOCIAL_LABELS = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
} as const;

/** Where a washable filter's "Clean Now" points: the cleaning steps in the installation guide. */
export const CLEANING_GUIDE_HREF = '/support/installation-guide#cleaning-the-pre-filter';

export type SocialNetwork = keyof typeof SOCIAL_LABELS;

/** The footer's social links: only configured, absolute http(s) profile URLs, never a placeholder '#'. */
export function configuredSocialLinks(
  social: RuntimeConfig['social'],
): { network: SocialNetwork; href: string }[] {
  return (Object.keys(SOCIAL_LABELS) as SocialNetwork[]).flatMap((network) => {
    const href = social[network]?.trim();
    return href && /^https?:\/\//.test(href) ? [{ network, href }] : [];
  });
}
