// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '~/public-routes';
import { configuredSocialLinks, FOOTER_GROUPS, LANDING_ANCHORS } from './site';

describe('configuredSocialLinks', () => {
  it('keeps only configured http(s) profiles, in a stable order', () => {
    expect(
      configuredSocialLinks({
        youtube: 'https://youtube.com/@isaac',
        twitter: '  ',
        facebook: 'javascript:alert(1)',
        linkedin: 'https://www.linkedin.com/company/isaac',
      }),
    ).toEqual([
      { network: 'linkedin', href: 'https://www.linkedin.com/company/isaac' },
      { network: 'youtube', href: 'https://youtube.com/@isaac' },
    ]);
  });

  it('returns nothing when no profile is configured', () => {
    expect(configuredSocialLinks({})).toEqual([]);
  });
});

describe('navigation', () => {
  it('links the four landing anchors', () => {
    expect(LANDING_ANCHORS.map((anchor) => anchor.href)).toEqual([
      '/#products',
      '/#technology',
      '/#about',
      '/#contact',
    ]);
  });

  it('footer groups are Products, Support, Company and Legal, pointing at public routes', () => {
    expect(FOOTER_GROUPS.map((group) => group.title)).toEqual(['Products', 'Support', 'Company', 'Legal']);
    const publicPaths = new Set<string>(PUBLIC_ROUTES);
    for (const link of FOOTER_GROUPS.flatMap((group) => group.links))
      expect(publicPaths.has(link.href), link.href).toBe(true);
  });
});
