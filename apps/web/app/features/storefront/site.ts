import { COMPANY_ADDRESS_LINES } from '@isaac/contract';
import type { RuntimeConfig } from '~/lib/config';
import { STOREFRONT_PATHS } from '~/lib/paths';

/** Company details and navigation shared by every public page (one place to change them). */
export const COMPANY = {
  name: 'Isaac Technologies Pvt. Ltd.',
  brand: 'Isaac',
  phone: '+91 80 4718 2200',
  phoneHref: 'tel:+918047182200',
  email: 'support@isaachome.in',
  pressEmail: 'press@isaachome.in',
  investorEmail: 'investors@isaachome.in',
  /** The registered office: the contract's, as on every invoice and e-mail. */
  address: COMPANY_ADDRESS_LINES,
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
      { href: STOREFRONT_PATHS.isaacPurifier, label: 'Air Purifier' },
      { href: STOREFRONT_PATHS.skywalkerSensor, label: 'Skywalker Sensor' },
      { href: STOREFRONT_PATHS.accessories, label: 'Accessories' },
      { href: STOREFRONT_PATHS.replacementFilters, label: 'Replacement Filters' },
    ],
  },
  {
    title: 'Support',
    links: [
      { href: STOREFRONT_PATHS.helpCenter, label: 'Help Center' },
      { href: STOREFRONT_PATHS.installationGuide, label: 'Installation Guide' },
      { href: STOREFRONT_PATHS.warranty, label: 'Warranty' },
      { href: STOREFRONT_PATHS.contactSupport, label: 'Contact Support' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: STOREFRONT_PATHS.aboutUs, label: 'About Us' },
      { href: STOREFRONT_PATHS.careers, label: 'Careers' },
      { href: STOREFRONT_PATHS.press, label: 'Press' },
      { href: STOREFRONT_PATHS.investors, label: 'Investors' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: STOREFRONT_PATHS.privacyPolicy, label: 'Privacy Policy' },
      { href: STOREFRONT_PATHS.termsOfService, label: 'Terms of Service' },
      { href: STOREFRONT_PATHS.cookiePolicy, label: 'Cookie Policy' },
      { href: STOREFRONT_PATHS.gdpr, label: 'GDPR' },
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
