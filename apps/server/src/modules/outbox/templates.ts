import { CONTROL_CHARACTERS, DEFAULT_LANGUAGE, formatInr, type Language, SELLER } from '@isaac/contract';
import type { EmailData, OutgoingEmail } from './emails.ts';
import { type EmailText, emailTextOf, localeOf } from './i18n.ts';

/** An e-mail ready for the outbox: its subject and the same content as HTML and as plain text. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * The pieces an e-mail is made of. Each template returns blocks, and both bodies are rendered from the
 * same blocks, so the HTML and the plain text always say the same thing and carry the same links.
 */
type Block =
  | { type: 'paragraph'; text: string }
  /** A call to action: a button in HTML (with the address spelled out under it), `label: url` in text. */
  | { type: 'button'; label: string; url: string }
  /** Label/value pairs (date, electrician, address…). */
  | { type: 'facts'; rows: readonly (readonly [string, string])[] }
  /** Line items, with an amount each when known, and a total. */
  | {
      type: 'items';
      rows: readonly { name: string; quantity: number; amount?: string }[];
      total?: { label: string; value: string };
    }
  /** A quoted note (several lines kept as they are). */
  | { type: 'note'; label: string; text: string };

interface EmailContent {
  subject: string;
  /** The first line mail programs show beside the subject (hidden in the HTML body). */
  preview: string;
  heading: string;
  blocks: Block[];
}

const BRAND = 'Isaac';
const ACCENT = '#0369a1'; // sky-700
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/**
 * Renders one e-mail of issue 15 to its subject, HTML and plain text, in `language` (ADR 073: the
 * recipient's choice, English by default). Every interpolated value is escaped.
 */
export function renderEmail(email: OutgoingEmail, language: Language = DEFAULT_LANGUAGE): RenderedEmail {
  const words: Words = { text: emailTextOf(language), locale: localeOf(language), language };
  const content = contentOf({ ...email, data: withoutControlCharacters(email.data) } as OutgoingEmail, words);
  const subject = oneLine(content.subject);
  return { subject, html: renderHtml({ ...content, subject }, words), text: renderText(content, words) };
}

/** A language's texts and the Intl locale of its dates and amounts. */
interface Words {
  text: EmailText;
  locale: string;
  language: Language;
}

function contentOf(email: OutgoingEmail, words: Words): EmailContent {
  switch (email.kind) {
    case 'order_confirmation':
      return orderConfirmation(email.data, words);
    case 'invitation':
      return invitation(email.data, words);
    case 'installation_scheduled':
      return installationScheduled(email.data, words);
    case 'installation_completed':
      return installationCompleted(email.data, words);
    case 'quote':
      return quote(email.data, words);
    case 'notification':
      return notification(email.data, words);
    case 'home_invitation':
      return homeInvitation(email.data, words);
  }
}

function notification(d: EmailData['notification'], { text }: Words): EmailContent {
  return {
    subject: d.title,
    preview: d.body,
    heading: d.title,
    blocks: [
      { type: 'paragraph', text: text('hello', { name: d.name }) },
      { type: 'paragraph', text: d.body },
      ...(d.link ? [{ type: 'button' as const, label: text('notification.open'), url: d.link }] : []),
      { type: 'paragraph', text: text('notification.why', { url: d.settingsUrl }) },
    ],
  };
}

// ---- The five e-mails ----

function orderConfirmation(d: EmailData['order_confirmation'], { text, locale }: Words): EmailContent {
  const total = formatInr(d.totalPaise, locale);
  return {
    subject: text('order.subject', { brand: BRAND, orderId: d.orderId }),
    preview: text('order.preview', { total }),
    heading: text('order.heading'),
    blocks: [
      { type: 'paragraph', text: text('hello', { name: d.name }) },
      { type: 'paragraph', text: text('order.received') },
      {
        type: 'items',
        rows: d.items.map((item) => ({
          name: item.name,
          quantity: item.quantity,
          amount: formatInr(item.amountPaise, locale),
        })),
        total: { label: text('order.total'), value: total },
      },
      { type: 'facts', rows: [[text('order.order'), d.orderId]] },
      {
        type: 'paragraph',
        text: d.needsInstallation ? text('order.installation') : text('order.shipping'),
      },
      { type: 'button', label: text('order.button'), url: d.ordersUrl },
    ],
  };
}

function invitation(d: EmailData['invitation'], { text, locale }: Words): EmailContent {
  return {
    subject: text('invitation.subject', { brand: BRAND }),
    preview: text('invitation.preview'),
    heading: text('invitation.heading'),
    blocks: [
      { type: 'paragraph', text: text('hello', { name: d.name }) },
      { type: 'paragraph', text: text('invitation.body') },
      { type: 'button', label: text('invitation.button'), url: d.link },
      { type: 'paragraph', text: text('linkOnce', { expires: formatDateTime(d.expiresAt, locale) }) },
    ],
  };
}

/** A home role as an invitation names it ('member'), in the e-mail's language; another label as it is. */
function roleWord(role: string, text: EmailText): string {
  return role === 'owner' || role === 'member' || role === 'guest' ? text(`roles.${role}`) : role;
}

function homeInvitation(d: EmailData['home_invitation'], { text, locale }: Words): EmailContent {
  const names = { invitedBy: d.invitedBy, home: d.homeName, brand: BRAND, role: roleWord(d.role, text) };
  return {
    subject: text('homeInvitation.subject', names),
    preview: text('homeInvitation.preview', names),
    heading: text('homeInvitation.heading', names),
    blocks: [
      { type: 'paragraph', text: text('helloAnyone') },
      { type: 'paragraph', text: text('homeInvitation.body', names) },
      { type: 'button', label: text('homeInvitation.button'), url: d.link },
      { type: 'paragraph', text: text('linkOnce', { expires: formatDateTime(d.expiresAt, locale) }) },
    ],
  };
}

function installationScheduled(
  d: EmailData['installation_scheduled'],
  { text, locale }: Words,
): EmailContent {
  const date = formatDate(d.date, locale);
  return {
    subject: text('scheduled.subject', { brand: BRAND, date }),
    preview: text('scheduled.preview', { electrician: d.electrician, date }),
    heading: text('scheduled.heading'),
    blocks: [
      { type: 'paragraph', text: text('hello', { name: d.name }) },
      { type: 'paragraph', text: text('scheduled.booked') },
      {
        type: 'facts',
        rows: [
          [text('scheduled.date'), date],
          [text('scheduled.electrician'), d.electrician],
          [text('scheduled.address'), d.address],
        ],
      },
      { type: 'paragraph', text: text('scheduled.prepare') },
    ],
  };
}

function installationCompleted(
  d: EmailData['installation_completed'],
  { text, locale }: Words,
): EmailContent {
  return {
    subject: text('completed.subject', { brand: BRAND }),
    preview: text('completed.preview', { count: d.devices }),
    heading: text('completed.heading'),
    blocks: [
      { type: 'paragraph', text: text('hello', { name: d.name }) },
      {
        type: 'paragraph',
        text: text('completed.body', { count: d.devices, date: formatDate(d.date, locale) }),
      },
      { type: 'paragraph', text: text('completed.dashboard') },
      { type: 'button', label: text('completed.button'), url: d.dashboardUrl },
    ],
  };
}

function quote(d: EmailData['quote'], { text, locale }: Words): EmailContent {
  const validUntil = formatDate(d.validUntil, locale);
  const total = formatInr(d.totalPaise, locale);
  const blocks: Block[] = [
    { type: 'paragraph', text: text('hello', { name: d.name }) },
    { type: 'paragraph', text: text('quote.intro') },
    {
      type: 'items',
      rows: d.items.map((item) => ({ name: item.name, quantity: item.quantity })),
      total: { label: text('quote.total'), value: total },
    },
    {
      type: 'facts',
      rows: [
        [text('quote.quote'), d.number],
        [text('quote.validUntil'), validUntil],
      ],
    },
  ];
  if (d.note.trim() !== '') blocks.push({ type: 'note', label: text('quote.note'), text: d.note.trim() });
  blocks.push(
    { type: 'paragraph', text: text('quote.payOnline') },
    { type: 'button', label: text('quote.button'), url: d.link },
  );
  return {
    subject: text('quote.subject', { brand: BRAND, number: d.number }),
    preview: text('quote.preview', { total, validUntil }),
    heading: text('quote.heading', { number: d.number }),
    blocks,
  };
}

// ---- HTML ----

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escaped text whose line breaks stay line breaks. */
const escapeLines = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

/** Only web links become links: anything else is shown as text (never a javascript: or data: href). */
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

const P = `margin:0 0 16px;font-size:15px;line-height:24px;color:#334155;`;
const CELL = `padding:8px 0;font-size:15px;line-height:22px;border-bottom:1px solid #e2e8f0;`;

function blockHtml(block: Block, { text }: Words): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="${P}">${escapeLines(block.text)}</p>`;
    case 'button': {
      const url = escapeHtml(block.url);
      if (!isWebLink(block.url)) return `<p style="${P}">${escapeHtml(block.label)}: ${url}</p>`;
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 12px;"><tr>` +
        `<td style="border-radius:8px;background:${ACCENT};">` +
        `<a href="${url}" style="display:inline-block;padding:12px 22px;font-size:15px;font-weight:600;` +
        `color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(block.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:12px;line-height:18px;color:#64748b;">` +
        `${escapeHtml(text('orOpenLink'))} <a href="${url}" style="color:${ACCENT};word-break:break-all;">${url}</a></p>`
      );
    }
    case 'facts':
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><td style="${CELL}width:35%;color:#64748b;vertical-align:top;">${escapeHtml(label)}</td>` +
              `<td style="${CELL}color:#0f172a;font-weight:600;">${escapeLines(value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
    case 'items': {
      const rows = block.rows
        .map(
          (item) =>
            `<tr><td style="${CELL}color:#0f172a;">${escapeHtml(item.name)}` +
            `<span style="color:#64748b;"> × ${item.quantity}</span></td>` +
            `<td align="right" style="${CELL}color:#0f172a;white-space:nowrap;">${escapeHtml(item.amount ?? '')}</td></tr>`,
        )
        .join('');
      const total = block.total
        ? `<tr><td style="padding:10px 0;font-size:15px;font-weight:700;color:#0f172a;">${escapeHtml(block.total.label)}</td>` +
          `<td align="right" style="padding:10px 0;font-size:15px;font-weight:700;color:${ACCENT};white-space:nowrap;">` +
          `${escapeHtml(block.total.value)}</td></tr>`
        : '';
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">` +
        `${rows}${total}</table>`
      );
    }
    case 'note':
      return (
        `<div style="margin:0 0 16px;padding:12px 16px;border-left:3px solid ${ACCENT};background:#f0f9ff;">` +
        `<p style="margin:0 0 4px;font-size:12px;font-weight:600;color:${ACCENT};text-transform:uppercase;` +
        `letter-spacing:0.05em;">${escapeHtml(block.label)}</p>` +
        `<p style="margin:0;font-size:15px;line-height:24px;color:#334155;">${escapeLines(block.text)}</p></div>`
      );
  }
}

function renderHtml(content: EmailContent, words: Words): string {
  return [
    '<!doctype html>',
    `<html lang="${words.language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title>`,
    '</head>',
    `<body style="margin:0;padding:0;background:#f1f5f9;font-family:${FONT};">`,
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preview)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;">`,
    `<tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;` +
      `background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;font-family:${FONT};">`,
    `<tr><td style="padding:20px 28px;border-bottom:3px solid ${ACCENT};">` +
      `<span style="font-size:22px;font-weight:700;letter-spacing:0.04em;color:${ACCENT};">${BRAND}</span></td></tr>`,
    `<tr><td style="padding:28px;">`,
    `<h1 style="margin:0 0 20px;font-size:22px;line-height:30px;color:#0f172a;">${escapeHtml(content.heading)}</h1>`,
    ...content.blocks.map((block) => blockHtml(block, words)),
    `<p style="margin:8px 0 0;font-size:15px;line-height:24px;color:#334155;">${escapeHtml(words.text('team', { brand: BRAND }))}</p>`,
    `</td></tr>`,
    `<tr><td style="padding:16px 28px;background:#f8fafc;border-top:1px solid #e2e8f0;border-radius:0 0 12px 12px;` +
      `font-size:12px;line-height:18px;color:#64748b;">${escapeHtml(SELLER.name)}<br>${escapeHtml(SELLER.address)}</td></tr>`,
    '</table>',
    '</td></tr>',
    '</table>',
    '</body>',
    '</html>',
  ].join('\n');
}

// ---- Plain text ----

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'button':
      return `${block.label}:\n${block.url}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value.replace(/\r?\n/g, ', ')}`).join('\n');
    case 'items': {
      const lines = block.rows.map(
        (item) => `- ${item.name} × ${item.quantity}${item.amount ? `: ${item.amount}` : ''}`,
      );
      if (block.total) lines.push(`${block.total.label}: ${block.total.value}`);
      return lines.join('\n');
    }
    case 'note':
      return `${block.label}:\n${block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n')}`;
  }
}

function renderText(content: EmailContent, { text }: Words): string {
  return [
    content.heading,
    ...content.blocks.map(blockText),
    text('team', { brand: BRAND }),
    `-- \n${SELLER.name}\n${SELLER.address}`,
  ].join('\n\n');
}

// ---- Formatting ----

/** Every control character (the contract's one definition), to remove them all. */
const CONTROL = new RegExp(CONTROL_CHARACTERS.source, 'g');
// eslint-disable-next-line no-control-regex -- matching control characters is the point (issue 29)
const CONTROL_BUT_LINE_FEED = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;
/** Fields whose line breaks are kept (a quoted note, an address); every other value is one line. */
const MULTILINE_FIELDS = new Set(['note', 'address']);

/**
 * The e-mail's data with control characters removed (issue 29), a second line of defence behind the
 * contract's name schemas: in one-line values (names, numbers, links) line breaks and tabs become a space
 * and every other C0/C1 character goes; in a multi-line field only line feeds are kept.
 */
export function withoutControlCharacters<T>(data: T, field = ''): T {
  if (typeof data === 'string') {
    const text = MULTILINE_FIELDS.has(field)
      ? data
          .replace(/\r\n?/g, '\n')
          .replace(/[\t\u2028\u2029]/g, ' ')
          .replace(CONTROL_BUT_LINE_FEED, '')
      : data.replace(/[\r\n\t\u0085\u2028\u2029]+/g, ' ').replace(CONTROL, '');
    return text as T;
  }
  if (Array.isArray(data)) return data.map((item) => withoutControlCharacters(item, field)) as T;
  if (data !== null && typeof data === 'object' && !(data instanceof Date)) {
    return Object.fromEntries(
      Object.entries(data).map(([key, value]) => [key, withoutControlCharacters(value, key)]),
    ) as T;
  }
  return data;
}

/** A subject is one line (no header injection, whatever the data). */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** `2026-12-14` → `Monday, 14 December 2026` (a calendar date: no time zone shift; hi-IN: सोमवार, 14 दिसंबर 2026). */
export function formatDate(isoDate: string, locale = 'en-IN'): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** An instant in India's time: `14 December 2026, 3:30 pm IST`. */
function formatDateTime(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
    timeZoneName: 'short',
  }).format(at);
}
