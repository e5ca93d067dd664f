import { z } from 'zod';
import { BUSINESS_TIME_ZONE } from './admin-rules.ts';
import { findCatalogItem } from './catalog.ts';
import { COMPANY_ADDRESS_LINES } from './constants.ts';
import { installationAddressSchema } from './storefront.ts';

// GST invoices (India, issue 29): the seller, states and places of supply, HSN/SAC codes per catalog item,
// the invoice series, and the invoice the API answers (GET /api/orders/:id/invoice).

/** GST on devices and installation: 18% (CGST 9% + SGST 9% within the state, IGST 18% outside). Prices include it. */
export const GST_RATE_PERCENT = 18;

/** Splits a GST-inclusive amount (paise) into its taxable value and tax (`half`: CGST's share, rounded). */
export function gstBreakdown(inclusivePaise: number): { taxable: number; tax: number; half: number } {
  const taxable = Math.round((inclusivePaise * 100) / (100 + GST_RATE_PERCENT));
  const tax = inclusivePaise - taxable;
  return { taxable, tax, half: Math.round(tax / 2) };
}

/** GST state codes (the first two digits of a GSTIN) and their states and union territories. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

/** The GST state code of a state's name or code ('Karnataka', 'karnataka', '29'); undefined when it is neither. */
export function gstStateCode(nameOrCode: string): string | undefined {
  const wanted = nameOrCode.trim().toLowerCase();
  if (/^\d{1,2}$/.test(wanted)) {
    const code = wanted.padStart(2, '0');
    return GST_STATES[code] ? code : undefined;
  }
  return Object.entries(GST_STATES).find(([, name]) => name.toLowerCase() === wanted)?.[0];
}

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A GSTIN's shape: state code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (the standard mod-36 Luhn scheme: weights 1, 2, 1, 2…). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_ALPHABET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

/** Whether a GSTIN has the right shape, a known state code and the right check character. */
export function isValidGstin(gstin: string): boolean {
  return (
    GSTIN_PATTERN.test(gstin) &&
    GST_STATES[gstin.slice(0, 2)] !== undefined &&
    gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14)
  );
}

/**
 * The state of an Indian PIN code, by its postal circle (first two digits, with the three-digit ranges that
 * belong to another state or territory than their circle's). Undefined for the army postal service (90–99)
 * and unknown prefixes.
 */
export function stateCodeOfPincode(pincode: string): string | undefined {
  if (!/^\d{6}$/.test(pincode)) return undefined;
  const three = Number(pincode.slice(0, 3));
  const two = Math.floor(three / 10);
  const byRange: [number, number, string][] = [
    [160, 160, '04'], // Chandigarh
    [194, 194, '38'], // Ladakh
    [246, 249, '05'], // Uttarakhand (UP circle)
    [262, 263, '05'],
    [396, 396, '26'], // Dadra and Nagar Haveli and Daman and Diu
    [403, 403, '30'], // Goa
    [490, 497, '22'], // Chhattisgarh
    [605, 605, '34'], // Puducherry
    [737, 737, '11'], // Sikkim
    [744, 744, '35'], // Andaman and Nicobar Islands
    [790, 792, '12'], // Arunachal Pradesh
    [793, 794, '17'], // Meghalaya
    [795, 795, '14'], // Manipur
    [796, 796, '15'], // Mizoram
    [797, 798, '13'], // Nagaland
    [799, 799, '16'], // Tripura
    [814, 835, '20'], // Jharkhand
  ];
  const range = byRange.find(([low, high]) => three >= low && three <= high);
  if (range) return range[2];
  const byCircle: Record<number, string> = {
    11: '07',
    12: '06',
    13: '06',
    14: '03',
    15: '03',
    16: '03',
    17: '02',
    18: '01',
    19: '01',
    20: '09',
    21: '09',
    22: '09',
    23: '09',
    24: '09',
    25: '09',
    26: '09',
    27: '09',
    28: '09',
    30: '08',
    31: '08',
    32: '08',
    33: '08',
    34: '08',
    36: '24',
    37: '24',
    38: '24',
    39: '24',
    40: '27',
    41: '27',
    42: '27',
    43: '27',
    44: '27',
    45: '23',
    46: '23',
    47: '23',
    48: '23',
    50: '36',
    51: '37',
    52: '37',
    53: '37',
    56: '29',
    57: '29',
    58: '29',
    59: '29',
    60: '33',
    61: '33',
    62: '33',
    63: '33',
    64: '33',
    67: '32',
    68: '32',
    69: '32',
    70: '19',
    71: '19',
    72: '19',
    73: '19',
    74: '19',
    75: '21',
    76: '21',
    77: '21',
    78: '18',
    80: '10',
    81: '10',
    82: '10',
    83: '10',
    84: '10',
    85: '10',
  };
  return byCircle[two];
}

/**
 * The seller on the invoices when the SELLER_* settings are not set (development, tests, the demo): the company
 * of the storefront, its registered office, and a well-formed GSTIN for Karnataka (not a registered one).
 * Production with real payments must set its own (the server refuses to start without them).
 */
export const SELLER = {
  name: 'Isaac Technologies Private Limited',
  address: COMPANY_ADDRESS_LINES.join(', '),
  gstin: '29AAECI1234F1ZU',
  state: 'Karnataka',
  stateCode: '29',
} as const;

// ---- HSN / SAC ----

/** A catalog item's tariff code: HSN for goods, SAC for services. */
export interface TariffCode {
  kind: 'HSN' | 'SAC';
  code: string;
}

const hsn = (code: string): TariffCode => ({ kind: 'HSN', code });
const sac = (code: string): TariffCode => ({ kind: 'SAC', code });

/**
 * The HSN/SAC code of every catalog item (by id): air purifiers and their filters 8421, the air-quality sensor
 * 9027, touch switches 8536, the power adapter 8504, the remote 8543, mounting hardware 8302, and the
 * designed-and-installed systems (automation, surveillance, connected homes, launch packages) SAC 9987
 * (installation services). `catalog.test.ts` checks every item has one.
 */
export const CATALOG_TARIFF_CODES: Readonly<Record<string, TariffCode>> = {
  'isaac-purifier': hsn('8421'),
  'skywalker-sensor': hsn('9027'),
  'lumos-switches': hsn('8536'),
  'lumos-2-gang-switch': hsn('8536'),
  'lumos-home-kit': hsn('8536'),
  'ultimate-automation': sac('9987'),
  'smart-surveillance': sac('9987'),
  'connected-homes': sac('9987'),
  'hepa-filter': hsn('8421'),
  'carbon-filter': hsn('8421'),
  'pre-filter': hsn('8421'),
  'filter-replacement-kit': hsn('8421'),
  'filter-bundle-pack': hsn('8421'),
  'smart-power-adapter': hsn('8504'),
  'wall-mount-kit': hsn('8302'),
  'remote-control': hsn('8543'),
};

/** The code of an item (launch packages are installation services: SAC 9987); undefined for unknown ids. */
export function tariffCodeOf(catalogId: string): TariffCode | undefined {
  const code = CATALOG_TARIFF_CODES[catalogId];
  if (code) return code;
  return findCatalogItem(catalogId)?.kind === 'package' ? sac('9987') : undefined;
}

// ---- The invoice series ----

/** The invoice series' prefix: `IS2627-000123` is invoice 123 of the financial year 2026–27 (13 characters). */
export const INVOICE_SERIES_PREFIX = 'IS';
/** GST rule 46(b): an invoice number is at most 16 characters. */
export const MAX_INVOICE_NUMBER_LENGTH = 16;

/** The Indian financial year (April–March, business time zone) of an instant: '2026-27'. */
export function financialYearOf(at: Date): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(at)
    .split('-')
    .map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Invoice `sequence` of a financial year ('2026-27'): 'IS2627-000123'. */
export function invoiceNumber(financialYear: string, sequence: number): string {
  return `${INVOICE_SERIES_PREFIX}${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}-${String(sequence).padStart(6, '0')}`;
}

// ---- The invoice (GET /api/orders/:id/invoice) ----

export const invoiceSellerSchema = z.object({
  legal_name: z.string(),
  address: z.string(),
  state: z.string(),
  state_code: z.string(),
  gstin: z.string(),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;

/** `intra`: within the seller's state (CGST + SGST); `inter`: to another state (IGST). */
export const TAX_KINDS = ['intra', 'inter'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

export const invoiceLineSchema = z.object({
  description: z.string(),
  /** HSN (goods) or SAC (services) code. */
  hsn: z.string(),
  quantity: z.number().int(),
  /** The unit price, GST included (as sold), in paise. */
  unit_amount: z.number().int(),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  /** The line's total, GST included. */
  total: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  number: z.string().max(MAX_INVOICE_NUMBER_LENGTH),
  date: z.string(),
  financial_year: z.string(),
  order_id: z.string(),
  payment_id: z.string().nullable(),
  seller: invoiceSellerSchema,
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: installationAddressSchema.nullable(),
  }),
  place_of_supply: z.object({ state: z.string(), state_code: z.string() }),
  tax_kind: z.enum(TAX_KINDS),
  rate_percent: z.number(),
  lines: z.array(invoiceLineSchema),
  totals: z.object({
    taxable: z.number().int(),
    cgst: z.number().int(),
    sgst: z.number().int(),
    igst: z.number().int(),
    total: z.number().int(),
  }),
  refunded_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** One invoice line from its GST-inclusive total: IGST whole when inter-state, else CGST + SGST (odd paisa to SGST). */
export function invoiceLine(
  input: { description: string; hsn: string; quantity: number; unitAmount: number; total: number },
  taxKind: TaxKind,
): InvoiceLine {
  const { taxable, tax, half } = gstBreakdown(input.total);
  return {
    description: input.description,
    hsn: input.hsn,
    quantity: input.quantity,
    unit_amount: input.unitAmount,
    taxable,
    cgst: taxKind === 'intra' ? half : 0,
    sgst: taxKind === 'intra' ? tax - half : 0,
    igst: taxKind === 'inter' ? tax : 0,
    total: input.total,
  };
}

export const INVOICE_MSG = {
  orderNotFound: 'Order not found',
  noInvoice: 'An order has its invoice once it is paid.',
} as const;
