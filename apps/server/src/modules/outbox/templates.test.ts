import { describe, expect, it } from 'vitest';
import type { OutgoingEmail } from './emails.ts';
import { escapeHtml, formatDate, renderEmail } from './templates.ts';

const TO = 'asha@example.com';
const HOSTILE = `<script>alert("x")</script> & 'Co'`;
const HOSTILE_ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;';

/** One e-mail of each kind, and the links each must carry. */
const EMAILS: { email: OutgoingEmail; subject: RegExp; links: string[]; texts: string[] }[] = [
  {
    email: {
      kind: 'order_confirmation',
      to: TO,
      data: {
        name: 'Asha',
        orderId: 'order_Q1w2E3',
        items: [
          { name: 'ISAAC Air Purifier', quantity: 2, amountPaise: 4_999_800 },
          { name: 'Installation', quantity: 1, amountPaise: 150_050 },
        ],
        totalPaise: 5_149_850,
        needsInstallation: true,
        ordersUrl: 'https://isaac.test/owner/orders',
      },
    },
    subject: /^Your Isaac order order_Q1w2E3 is confirmed$/,
    links: ['https://isaac.test/owner/orders'],
    texts: ['ISAAC Air Purifier', '₹49,998', '₹1,500.50', '₹51,498.50', 'electrician'],
  },
  {
    email: {
      kind: 'invitation',
      to: TO,
      data: {
        name: 'Asha',
        link: 'https://isaac.test/invitations/abc123def456ghi789',
        expiresAt: new Date('2026-12-14T10:00:00Z'),
      },
    },
    subject: /^Set up your Isaac account$/,
    links: ['https://isaac.test/invitations/abc123def456ghi789'],
    texts: ['14 December 2026', '3:30', 'IST'],
  },
  {
    email: {
      kind: 'installation_scheduled',
      to: TO,
      data: {
        name: 'Asha',
        date: '2026-12-14',
        electrician: 'Ravi Kumar',
        address: '12 MG Road\nBengaluru 560001',
      },
    },
    subject: /^Your Isaac installation is scheduled for Monday, 14 December 2026$/,
    links: [],
    texts: ['Ravi Kumar', '12 MG Road', 'Bengaluru 560001'],
  },
  {
    email: {
      kind: 'installation_completed',
      to: TO,
      data: {
        name: 'Asha',
        date: '2026-12-15',
        devices: 4,
        dashboardUrl: 'https://isaac.test/owner/dashboard',
      },
    },
    subject: /^Your Isaac installation is complete$/,
    links: ['https://isaac.test/owner/dashboard'],
    texts: ['Tuesday, 15 December 2026', '4 devices are set up'],
  },
  {
    email: {
      kind: 'quote',
      to: TO,
      data: {
        name: 'Asha',
        number: 'Q-2026-0042',
        link: 'https://isaac.test/quotes/tok_0123456789abcdef',
        totalPaise: 12_500_000,
        validUntil: '2026-12-31',
        items: [
          { name: 'Lumos Touch Switch (4 gang)', quantity: 6 },
          { name: 'Installation', quantity: 1 },
        ],
        note: 'Includes wiring for the kitchen.\nPrice held until the date above.',
      },
    },
    subject: /^Your Isaac quote Q-2026-0042$/,
    links: ['https://isaac.test/quotes/tok_0123456789abcdef'],
    texts: [
      'Lumos Touch Switch (4 gang)',
      '₹1,25,000',
      'Thursday, 31 December 2026',
      'wiring for the kitchen',
    ],
  },
];

describe('renderEmail', () => {
  it.each(EMAILS)('$email.kind: subject, HTML and plain text with the same content and links', (c) => {
    const { subject, html, text } = renderEmail(c.email);
    expect(subject).toMatch(c.subject);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<title>${escapeHtml(subject)}</title>`);
    expect(html).toContain('#0369a1');
    expect(html).toContain('Isaac');
    for (const link of c.links) {
      expect(html).toContain(`href="${escapeHtml(link)}"`);
      expect(text).toContain(link);
    }
    for (const piece of c.texts) {
      expect(html).toContain(escapeHtml(piece));
      expect(text).toContain(piece);
    }
    expect(text).toContain('Hello Asha,');
    // the plain text is text: no markup
    expect(text).not.toMatch(/<[a-z][^>]*>/i);
  });

  it('escapes every interpolated value in the HTML (the plain text keeps it as written)', () => {
    const emails: OutgoingEmail[] = [
      {
        kind: 'installation_scheduled',
        to: TO,
        data: { name: HOSTILE, date: '2026-12-14', electrician: HOSTILE, address: HOSTILE },
      },
      {
        kind: 'quote',
        to: TO,
        data: {
          name: HOSTILE,
          number: 'Q-1',
          link: 'https://isaac.test/quotes/t?a=1&b="2"',
          totalPaise: 100,
          validUntil: '2026-12-31',
          items: [{ name: HOSTILE, quantity: 1 }],
          note: HOSTILE,
        },
      },
    ];
    for (const email of emails) {
      const { html, text } = renderEmail(email);
      expect(html).not.toContain('<script>');
      expect(html).toContain(HOSTILE_ESCAPED);
      expect(text).toContain(HOSTILE);
    }
    const quote = renderEmail(emails[1]!);
    expect(quote.html).toContain('href="https://isaac.test/quotes/t?a=1&amp;b=&quot;2&quot;"');
    expect(quote.text).toContain('https://isaac.test/quotes/t?a=1&b="2"');
  });

  it('makes only web addresses into links, and keeps a subject on one line', () => {
    const { html, subject } = renderEmail({
      kind: 'quote',
      to: TO,
      data: {
        name: 'Asha',
        number: 'Q-1\r\nBcc: victim@example.com',
        link: 'javascript:alert(1)',
        totalPaise: 100,
        validUntil: '2026-12-31',
        items: [],
        note: '',
      },
    });
    expect(html).not.toContain('href="javascript:');
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it('leaves out an empty quote note; a note keeps its lines', () => {
    const base = EMAILS[4]!.email as Extract<OutgoingEmail, { kind: 'quote' }>;
    expect(renderEmail({ ...base, data: { ...base.data, note: '  ' } }).text).not.toContain('A note from us');
    const { html, text } = renderEmail(base);
    expect(html).toContain('Includes wiring for the kitchen.<br>Price held');
    expect(text).toContain('> Includes wiring for the kitchen.\n> Price held');
  });

  it('strips control characters from every interpolated value; a note keeps only its line breaks (issue 29)', () => {
    const { html, text, subject } = renderEmail({
      kind: 'installation_scheduled',
      to: TO,
      data: {
        name: 'Asha\r\nBcc: victim@example.com\u0000\u001b[31m\u0085',
        date: '2026-12-14',
        electrician: 'Ravi\tKumar\u0007',
        address: '12 MG Road\r\nBengaluru\u0000',
      },
    });
    for (const body of [html, text, subject])
      // eslint-disable-next-line no-control-regex -- matching control characters is the point (issue 29)
      expect(body).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/);
    expect(text).toContain('Hello Asha Bcc: victim@example.com[31m ,');
    expect(text).toContain('Ravi Kumar');
    expect(text).not.toMatch(/^Bcc:/m);
    // The address keeps its line break (one line feed, shown as a comma in text and <br> in HTML), nothing else.
    expect(text).toContain('Address: 12 MG Road, Bengaluru');
    expect(html).toContain('12 MG Road<br>Bengaluru');
    const quote = renderEmail({
      kind: 'quote',
      to: TO,
      data: {
        name: 'Asha',
        number: 'Q-1',
        link: 'https://isaac.test/q',
        totalPaise: 100,
        validUntil: '2026-12-31',
        items: [{ name: 'Kit\r\nX-Injected: 1', quantity: 1 }],
        note: 'line one\r\nline two\u0000',
      },
    });
    expect(quote.text).toContain('> line one\n> line two');
    expect(quote.text).toContain('Kit X-Injected: 1');
    // eslint-disable-next-line no-control-regex -- matching control characters is the point (issue 29)
    expect(quote.text).not.toMatch(/\r|\u0000/);
  });

  it('formats calendar dates without a time-zone shift', () => {
    expect(formatDate('2026-01-01')).toBe('Thursday, 1 January 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
