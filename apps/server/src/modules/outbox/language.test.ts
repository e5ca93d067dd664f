import { ROLE } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { en } from './catalogues/en.ts';
import { hi } from './catalogues/hi.ts';
import type { OutgoingEmail } from './emails.ts';
import { renderEmail } from './templates.ts';

/** Every text's dotted key, with its placeholders. */
function texts(catalogue: object, prefix = ''): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') {
      found.set(`${prefix}${key}`, [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort());
    } else {
      for (const [k, v] of texts(value as object, `${prefix}${key}.`)) found.set(k, v);
    }
  }
  return found;
}

describe('the e-mail catalogues (ADR 073)', () => {
  it('Hindi has every English text, no other, with the same placeholders', () => {
    const english = texts(en);
    const hindi = texts(hi);
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, placeholders] of english) expect(hindi.get(key), key).toEqual(placeholders);
  });

  it('each plural has the forms its language needs', () => {
    const bases = (catalogue: object) =>
      [...texts(catalogue).keys()].filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_\w+$/, ''));
    for (const [catalogue, locale] of [
      [en, 'en-IN'],
      [hi, 'hi-IN'],
    ] as const) {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const base of new Set(bases(catalogue))) {
        for (const category of categories)
          expect(texts(catalogue).has(`${base}_${category}`), base).toBe(true);
      }
    }
  });

  it('renders an e-mail in Hindi with Indian dates and amounts, the HTML marked lang="hi"', () => {
    const email: OutgoingEmail = {
      kind: 'order_confirmation',
      to: 'asha@example.com',
      data: {
        name: 'आशा',
        orderId: 'order_1',
        items: [{ name: 'ISAAC Air Purifier', quantity: 1, amountPaise: 12_400_000 }],
        totalPaise: 12_400_000,
        needsInstallation: true,
        ordersUrl: 'https://isaac.test/owner/orders',
      },
    };
    const rendered = renderEmail(email, 'hi');
    expect(rendered.subject).toBe('आपका Isaac ऑर्डर order_1 पक्का हो गया है');
    expect(rendered.html).toContain('<html lang="hi">');
    expect(rendered.text).toContain('नमस्ते आशा,');
    expect(rendered.text).toContain('₹1,24,000');
    expect(rendered.text).toContain('Isaac टीम');
    const completed = renderEmail(
      {
        kind: 'installation_completed',
        to: 'asha@example.com',
        data: { name: 'आशा', date: '2026-12-14', devices: 3, dashboardUrl: 'https://isaac.test/owner' },
      },
      'hi',
    );
    expect(completed.text).toContain('14 दिसंबर 2026');
    expect(completed.text).toContain('आपके घर में 3 डिवाइस लग गए हैं।');
    expect(renderEmail(email).subject).toBe('Your Isaac order order_1 is confirmed');
  });
});

describe('an e-mail to a user is in the language they chose', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const invitation = (to: string): OutgoingEmail => ({
    kind: 'invitation',
    to,
    data: {
      name: 'Asha',
      link: 'https://isaac.test/invitations/abc',
      expiresAt: new Date('2026-12-14T10:00:00Z'),
    },
  });
  const subjectOf = async (id: string) =>
    (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

  it('Hindi after the owner chooses Hindi in settings; English again after they choose English', async () => {
    const { user, token } = await t.signIn(ROLE.owner);
    const before = await subjectOf(await t.app.services.outbox.enqueue(t.db, invitation(user.email)));
    expect(before?.subject).toBe('Set up your Isaac account');

    const chosen = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: await authed(t.app, token),
      payload: { language: 'hi' },
    });
    expect(chosen.statusCode).toBe(200);
    // The address as another module may spell it: the account is still found.
    const hindi = await subjectOf(
      await t.app.services.outbox.enqueue(t.db, invitation(` ${user.email.toUpperCase()} `)),
    );
    expect(hindi?.subject).toBe('अपना Isaac खाता तैयार करें');
    expect(hindi?.text).toContain('नमस्ते Asha,');
    expect(hindi?.text).toContain('14 दिसंबर 2026');
    expect(hindi?.html).toContain('<html lang="hi">');

    await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: await authed(t.app, token),
      payload: { language: 'en' },
    });
    const english = await subjectOf(await t.app.services.outbox.enqueue(t.db, invitation(user.email)));
    expect(english?.subject).toBe('Set up your Isaac account');
  });

  it('English for an address with no account; a language given by the sender wins', async () => {
    const nobody = await subjectOf(
      await t.app.services.outbox.enqueue(t.db, invitation('nobody@example.com')),
    );
    expect(nobody?.subject).toBe('Set up your Isaac account');
    const given = await subjectOf(
      await t.app.services.outbox.enqueue(t.db, { ...invitation('nobody@example.com'), language: 'hi' }),
    );
    expect(given?.subject).toBe('अपना Isaac खाता तैयार करें');
  });
});
