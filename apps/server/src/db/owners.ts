import type * as schema from './schema/index.ts';

/** The schema's tables, by the name the code imports them under. */
export type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends { _: { brand: 'Table' } } ? K : never;
}[keyof typeof schema];

/**
 * THE owner of every table (issue 31, ADR 063): the one module (a folder of src/modules, or another
 * folder of src/) whose code may insert, update or delete its rows. Any other code asks the owner — a
 * method of its service or a function of its store, given the caller's scope — and may read freely.
 * `src/table-ownership.test.ts` fails when code outside the owner writes a table (Drizzle's
 * insert/update/delete, or raw SQL in a sql`` template).
 */
export const TABLE_OWNERS: Record<TableName, string> = {
  users: 'users',
  homes: 'homes',
  homeMembers: 'homes',
  homeInvitations: 'homes',
  sessions: 'auth',
  authThrottle: 'auth',
  userTwoFactor: 'two-factor',
  twoFactorRecoveryCodes: 'two-factor',
  auditLog: 'audit',
  rooms: 'rooms',
  devices: 'devices',
  deviceActivity: 'device-commands',
  deviceCommands: 'device-commands',
  deviceCredentials: 'device-plane',
  deviceReadings: 'device-plane',
  deviceReadingsHourly: 'device-plane',
  deviceReadingsQuarantine: 'device-plane',
  deviceMessageStats: 'device-plane',
  electricianCustomers: 'installations',
  installations: 'installations',
  installationDevices: 'installations',
  installationJobs: 'installations',
  electricianDevices: 'admin-electricians',
  firmware: 'firmware',
  rollouts: 'rollouts',
  rolloutDevices: 'rollouts',
  orders: 'orders',
  lateCaptures: 'orders',
  invoiceCounters: 'invoices',
  paymentEvents: 'payments',
  quotes: 'quotes',
  invitations: 'fulfilment',
  emailOutbox: 'outbox',
  contactMessages: 'contact',
  newsletterSubscriptions: 'newsletter',
  oauthClients: 'oauth',
  oauthCodes: 'oauth',
  oauthLinks: 'oauth',
  oauthAccessTokens: 'oauth',
  alexaGrants: 'voice',
  deviceCounts: 'stats',
  userCounts: 'stats',
  jobLeases: 'leases',
  notifications: 'notifications',
  notificationPreferences: 'notifications',
  pushSubscriptions: 'notifications',
  automations: 'automations',
  automationRuns: 'automations',
  idempotencyKeys: 'idempotency',
};
