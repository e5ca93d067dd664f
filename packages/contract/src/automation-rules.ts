/** The automations' messages apart from their schemas (automations.ts): zod-free (ADR 083). */

export const AUTOMATION_MSG = {
  notFound: 'Automation not found',
  deviceNotYours: 'Choose one of your own devices',
  wrongDeviceType: 'This device cannot do that',
  created: 'Automation created',
  saved: 'Automation saved',
  deleted: 'Automation deleted',
} as const;
